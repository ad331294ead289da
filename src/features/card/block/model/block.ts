/**
 * Lost or stolen (POST /api/cards/{id}/block): block the card for good with a reason, after a confirmation that says
 * it cannot be undone (docs/api.md "Card lifecycle"); the blocked card then offers a replacement (features/card/replace).
 * Freeze stays the temporary switch (features/card/freeze). The request carries the Idempotency-Key of its intent
 * (createIdempotentMutation).
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { cardChanged, cardClosed, cardOpened, showCardFailureFx } from '@/entities/card';
import { createIdempotentMutation } from '@/shared/api';
import { CardBlockReason, cardsBlock, type Card } from '@/shared/contract';
import { i18n } from '@/shared/i18n';
import { haptic } from '@/shared/platform';
import { notify } from '@/shared/ui';
import { cardBlockTexts } from '../i18n/texts';

const blockMutation = createIdempotentMutation(cardsBlock);

export const BLOCK_REASONS = CardBlockReason.options;

export const blockRequested = createEvent<Card>();
export const blockDismissed = createEvent();
export const reasonChanged = createEvent<CardBlockReason>();
export const blockConfirmed = createEvent();

const canBlock = (card: Pick<Card, 'allowedActions'>): boolean => card.allowedActions.includes('block');

export const $blockCard = createStore<Card | null>(null, { serialize: 'ignore' })
  .on(blockRequested, (_, card) => (canBlock(card) ? card : null))
  .reset(blockDismissed, cardOpened, cardClosed);
/** Nothing chosen at first: the user names the reason. */
export const $reason = createStore<CardBlockReason | null>(null)
  .on(reasonChanged, (_, reason) => reason)
  .reset(blockRequested, blockDismissed);
const $tried = createStore(false).on(blockConfirmed, () => true).reset(blockRequested, blockDismissed);
/** "Choose a reason", once the user tried to confirm without one. */
export const $reasonMissing = sample({ source: { tried: $tried, reason: $reason }, fn: ({ tried, reason }) => tried && reason === null });
export const $blockPending = blockMutation.$pending;

sample({
  clock: blockConfirmed,
  source: { card: $blockCard, reason: $reason, busy: blockMutation.$pending },
  filter: ({ card, reason, busy }) => card !== null && reason !== null && !busy,
  fn: ({ card, reason }) => ({ params: { id: card!.id }, body: { reason: reason! } }),
  target: blockMutation.start,
});

const blockedFx = createEffect(() => {
  haptic.notification('warning');
  void notify.success(i18n.t(`${cardBlockTexts.ns}:accepted`), { description: i18n.t(`${cardBlockTexts.ns}:acceptedText`) });
});
sample({ clock: blockMutation.finished.success, fn: ({ result }) => result, target: cardChanged });
sample({ clock: blockMutation.finished.success, target: [blockedFx, blockDismissed] });
sample({ clock: blockMutation.finished.failure, fn: ({ error }) => ({ message: `${cardBlockTexts.ns}:failed`, error }), target: showCardFailureFx });
sample({ clock: blockMutation.finished.failure, target: blockDismissed });
