/**
 * Move money from a card back to the wallet (POST /api/cards/{id}/withdraw): an amount up to the card balance
 * ("All" fills it), a confirmation, then the request with the Idempotency-Key of the intent (card + amount), kept
 * until a definitive answer (createIdempotentMutation). The money is in the wallet when the answer arrives.
 */
import { combine, createEffect, createEvent, sample } from 'effector';
import { cardChanged, cardClosed, cardDataInvalidated, cardOpened, showCardFailureFx } from '@/entities/card';
import { $moneyBlock, refreshOnAccountRefusal, userRequested } from '@/entities/user';
import { walletRefetchRequested } from '@/entities/wallet';
import { createIdempotentMutation } from '@/shared/api';
import { cardsWithdraw, type Card, type Money } from '@/shared/contract';
import { i18n } from '@/shared/i18n';
import { createAmountSheet, guardClosing, type AmountSheetStep } from '@/shared/lib';
import { haptic } from '@/shared/platform';
import { notify } from '@/shared/ui';
import { amountToInputText, parseAmountInput } from '@/shared/money';
import { cardWithdrawTexts } from '../i18n/texts';

const withdrawMutation = createIdempotentMutation(cardsWithdraw);

type WithdrawStep = AmountSheetStep;
/** Why the amount cannot be sent: nothing typed, not an amount, or more than the card holds. */
export type WithdrawProblem = 'required' | 'invalid' | 'aboveBalance';

// The sheet belongs to the card on screen: opening another card or leaving the card closes it.
const sheet = createAmountSheet<Card>('cardWithdraw', { closeOn: [cardOpened, cardClosed] });
export const {
  opened: withdrawOpened,
  closed: withdrawClosed,
  amountChanged,
  reviewed: withdrawReviewed,
  edited: withdrawEdited,
  confirmed: withdrawConfirmed,
  $step,
  $amountInput,
} = sheet;
/** "All": the whole card balance. */
export const allRequested = createEvent();

export const canWithdraw = (card: Pick<Card, 'allowedActions' | 'balance'>): boolean => card.allowedActions.includes('withdraw') && card.balance.amount > 0;

export const $withdrawCard = sheet.$subject;
export const $withdrawBlock = $moneyBlock;
sample({ clock: withdrawOpened, target: userRequested });

sample({
  clock: allRequested,
  source: $withdrawCard,
  filter: Boolean,
  fn: (card) => amountToInputText(card.balance.amount, card.currency, i18n.language),
  target: $amountInput,
});

/** The amount as money (null while it is not a valid one). */
export const $amount = combine($withdrawCard, $amountInput, (card, text): Money | null => {
  if (!card) return null;
  const parsed = parseAmountInput(text, card.currency);
  return parsed.ok && parsed.amount > 0 ? { amount: parsed.amount, currency: card.currency } : null;
});

/** Pure: what is wrong with `text` for a card holding `balance` (null: nothing). */
export const withdrawProblem = (text: string, balance: Money): WithdrawProblem | null => {
  const parsed = parseAmountInput(text, balance.currency);
  if (!parsed.ok) return parsed.error === 'empty' ? 'required' : 'invalid';
  if (parsed.amount <= 0) return 'invalid';
  return parsed.amount > balance.amount ? 'aboveBalance' : null;
};
const $problem = combine($withdrawCard, $amountInput, (card, text) => (card ? withdrawProblem(text, card.balance) : 'required'));
export const $amountError = combine(sheet.$validationShown, $problem, (shown, problem) => (shown ? problem : null));

sheet.confirmWhen(combine($problem, $withdrawBlock, (problem, block) => problem === null && block === null));
/** Telegram asks before closing while the withdrawal is being confirmed or sent. */
const $withdrawGuarded = combine($step, withdrawMutation.$pending, (step, busy) => step === 'confirm' || busy);
guardClosing($withdrawGuarded);

sample({
  clock: withdrawConfirmed,
  source: { card: $withdrawCard, amount: $amount, busy: withdrawMutation.$pending, step: $step, block: $withdrawBlock },
  filter: ({ card, amount, busy, step, block }) => card !== null && amount !== null && !busy && step === 'confirm' && block === null,
  fn: ({ card, amount }) => ({ params: { id: card!.id }, body: { amount: amount!.amount } }),
  target: withdrawMutation.start,
});

export const $submitting = withdrawMutation.$pending;

const announceFx = createEffect((amount: Money) => {
  haptic.notification('success');
  void notify.success(i18n.t(`${cardWithdrawTexts.ns}:done`), { description: i18n.t(`${cardWithdrawTexts.ns}:doneText`) });
  return amount;
});
sample({ clock: withdrawMutation.finished.success, fn: ({ result }) => result.card, target: cardChanged });
sample({ clock: withdrawMutation.finished.success, fn: ({ result }) => result.card.id, target: cardDataInvalidated });
sample({ clock: withdrawMutation.finished.success, target: walletRefetchRequested });
sample({ clock: withdrawMutation.finished.success, fn: ({ result }) => result.withdrawal.amount, target: announceFx });
sample({ clock: withdrawMutation.finished.success, target: withdrawClosed });
sample({ clock: withdrawMutation.finished.failure, fn: ({ error }) => ({ message: `${cardWithdrawTexts.ns}:failed`, error }), target: showCardFailureFx });

// Refused for the account's state (an operator decided since the profile was read): the screen explains it at once.
refreshOnAccountRefusal(withdrawMutation);
