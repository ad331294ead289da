/**
 * Freeze / unfreeze (PATCH /api/cards/{id}/status). The answer is the card in `freezing` / `unfreezing`;
 * the card entity shows it at once and polls until it is `frozen` / `active` (or back, if the issuer
 * refused). The Idempotency-Key belongs to the intent (this card, this action) until a definitive answer: a press
 * after a lost answer replays it (createIdempotentMutation).
 */
import { createEffect, createEvent, sample } from 'effector';
import { cardChanged, showCardFailureFx } from '@/entities/card';
import { createIdempotentMutation } from '@/shared/api';
import { cardsUpdateStatus, type Card } from '@/shared/contract';
import { haptic } from '@/shared/platform';

const updateStatusMutation = createIdempotentMutation(cardsUpdateStatus);

export type FreezeAction = 'freeze' | 'unfreeze';

/** Which of the two the card allows now (server's allowedActions), or null. */
export const freezeActionOf = (card: Pick<Card, 'allowedActions'>): FreezeAction | null =>
  card.allowedActions.includes('freeze') ? 'freeze' : card.allowedActions.includes('unfreeze') ? 'unfreeze' : null;

export const freezeToggled = createEvent<Card>();
export const $freezePending = updateStatusMutation.$pending;

sample({
  clock: freezeToggled,
  source: updateStatusMutation.$pending,
  filter: (busy, card) => !busy && freezeActionOf(card) !== null,
  fn: (_, card) => ({ params: { id: card.id }, body: { action: freezeActionOf(card)! } }),
  target: updateStatusMutation.start,
});

const hapticFx = createEffect(() => haptic.impact('medium'));
sample({ clock: updateStatusMutation.finished.success, target: hapticFx });
sample({ clock: updateStatusMutation.finished.success, fn: ({ result }) => result, target: cardChanged });
sample({
  clock: updateStatusMutation.finished.failure,
  fn: ({ error }) => ({ message: 'errors:cards.updateStatusFailed', error }),
  target: showCardFailureFx,
});
