/**
 * Close a card for good (POST /api/cards/{id}/close): a confirmation that says it cannot be undone and that the
 * balance goes back to the wallet, then the request with the Idempotency-Key of the intent (createIdempotentMutation).
 * The answer is the card in `closing`; the card entity polls until `closed`, and then the wallet is reloaded.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { cardChanged, cardClosed, cardOpened, cardSettled, showCardFailureFx } from '@/entities/card';
import { walletRefetchRequested } from '@/entities/wallet';
import { createIdempotentMutation } from '@/shared/api';
import { cardsClose, type Card } from '@/shared/contract';
import { i18n } from '@/shared/i18n';
import { haptic } from '@/shared/platform';
import { notify } from '@/shared/ui';
import { cardCloseTexts } from '../i18n/texts';

const closeMutation = createIdempotentMutation(cardsClose);

export const closeRequested = createEvent<Card>();
export const closeDismissed = createEvent();
export const closeConfirmed = createEvent();

/** The card the confirmation is open for (null: closed). */
export const $closeCard = createStore<Card | null>(null, { serialize: 'ignore' })
  .on(closeRequested, (_, card) => (card.allowedActions.includes('close') ? card : null))
  .reset(closeDismissed, cardOpened, cardClosed);
export const $closePending = closeMutation.$pending;

/** Whether the card may be closed now (server's allowedActions). */
export const canClose = (card: Pick<Card, 'allowedActions'>): boolean => card.allowedActions.includes('close');

sample({
  clock: closeConfirmed,
  source: { card: $closeCard, busy: closeMutation.$pending },
  filter: ({ card, busy }) => card !== null && !busy,
  fn: ({ card }) => ({ params: { id: card!.id } }),
  target: closeMutation.start,
});

const announceFx = createEffect(() => {
  haptic.notification('success');
  void notify.success(i18n.t(`${cardCloseTexts.ns}:accepted`), { description: i18n.t(`${cardCloseTexts.ns}:acceptedText`) });
});
sample({ clock: closeMutation.finished.success, fn: ({ result }) => result, target: cardChanged });
sample({ clock: closeMutation.finished.success, target: [announceFx, closeDismissed] });
sample({ clock: closeMutation.finished.failure, fn: ({ error }) => ({ message: `${cardCloseTexts.ns}:failed`, error }), target: showCardFailureFx });
sample({ clock: closeMutation.finished.failure, target: closeDismissed });

// Closed or blocked for good: the balance is back in the wallet; the wallet shows it on its next look.
sample({ clock: cardSettled, filter: (card) => card.status === 'closed' || card.status === 'blocked', target: walletRefetchRequested });
