/**
 * A replacement for a blocked card (POST /api/cards/{id}/replace): a new card on the same product, free and empty
 * (docs/api.md "Card lifecycle"), offered under the blocked card's status. Free, so no confirmation; the new card opens
 * at once (it is being issued). The request carries the Idempotency-Key of its intent (createIdempotentMutation).
 */
import { createEffect, createEvent, sample } from 'effector';
import { showCardFailureFx } from '@/entities/card';
import { createIdempotentMutation } from '@/shared/api';
import { routePaths } from '@/shared/config';
import { cardsReplace, type Card } from '@/shared/contract';
import { i18n } from '@/shared/i18n';
import { navigateFx } from '@/shared/lib';
import { haptic } from '@/shared/platform';
import { notify } from '@/shared/ui';
import { cardReplaceTexts } from '../i18n/texts';

const replaceMutation = createIdempotentMutation(cardsReplace);

export const replaceRequested = createEvent<Card>();
export const canReplace = (card: Pick<Card, 'allowedActions'>): boolean => card.allowedActions.includes('replace');
export const $replacePending = replaceMutation.$pending;

sample({
  clock: replaceRequested,
  source: replaceMutation.$pending,
  filter: (busy, card) => !busy && canReplace(card),
  fn: (_, card) => ({ params: { id: card.id } }),
  target: replaceMutation.start,
});
const replacedFx = createEffect(() => {
  haptic.notification('success');
  void notify.success(i18n.t(`${cardReplaceTexts.ns}:accepted`), { description: i18n.t(`${cardReplaceTexts.ns}:acceptedText`) });
});
sample({ clock: replaceMutation.finished.success, target: replacedFx });
sample({ clock: replaceMutation.finished.success, fn: ({ result }) => ({ to: routePaths.card(result.id), replace: true }), target: navigateFx });
sample({ clock: replaceMutation.finished.failure, fn: ({ error }) => ({ message: `${cardReplaceTexts.ns}:failed`, error }), target: showCardFailureFx });
