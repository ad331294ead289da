/**
 * Top-up of a card from the wallet: amount within the product's deposit range, the deposit fee shown,
 * "you will be charged" (amount + fee) confirmed, then POST /api/cards/{id}/topup with the Idempotency-Key of
 * the intent (card + amount), kept until a definitive answer (createIdempotentMutation). The top-up is processed
 * after the answer: the card entity then watches the balance until the money arrives.
 */
import { combine, createEffect, sample } from 'effector';
import { cardChanged, cardClosed, cardDataInvalidated, cardOpened, showCardFailureFx, topUpAccepted } from '@/entities/card';
import {
  $product,
  $productState,
  productRequested,
} from '@/entities/card-product';
import { $moneyBlock, refreshOnAccountRefusal, userRequested } from '@/entities/user';
import { createShortfall, walletRequested } from '@/entities/wallet';
import { createIdempotentMutation } from '@/shared/api';
import { cardsTopUp, type Card } from '@/shared/contract';
import { haptic } from '@/shared/platform';
import { notify } from '@/shared/ui';
import { i18n } from '@/shared/i18n';
import { createAmountSheet, guardClosing, type AmountSheetStep } from '@/shared/lib';
import { checkAmount, depositBounds, parseAmountInput, topUpCharge, type AmountProblem, type TopUpCharge } from '@/shared/money';
import { cardTopUpTexts } from '../i18n/texts';

const topUpMutation = createIdempotentMutation(cardsTopUp);

// The sheet belongs to the card on screen: opening another card or leaving the card closes it.
const sheet = createAmountSheet<Card>('cardTopUp', { closeOn: [cardOpened, cardClosed] });
export const { opened: topUpOpened, closed: topUpClosed, amountChanged, edited: topUpEdited, confirmed: topUpConfirmed, $step, $amountInput } = sheet;
/** "Continue": validate, then show the charge to confirm. */
export const topUpReviewed = sheet.reviewed;
type TopUpStep = AmountSheetStep;
/** The card being topped up (as it was when the sheet opened: its balance is the baseline). */
export const $topUpCard = sheet.$subject;

sample({ clock: topUpOpened, fn: (card) => card.productId, target: productRequested });
// The wallet pays: its balance is shown, and a shortfall stops the confirmation.
sample({ clock: topUpOpened, target: walletRequested });
/** SPEC §1: refused up front for a user under verification (the one rule for money actions, entities/user). */
export const $topUpBlock = $moneyBlock;
sample({ clock: topUpOpened, target: userRequested });

/** The card's product (fees and range), once loaded. */
export const $topUpProduct = combine($product, $topUpCard, (product, card) => (product && card && product.id === card.productId ? product : null));
export const $productLoading = combine($topUpCard, $topUpProduct, $productState, (card, product, state) => card !== null && product === null && state === 'pending');
export const $productFailed = combine($topUpCard, $topUpProduct, $productState, (card, product, state) => card !== null && product === null && (state === 'error' || state === 'notFound'));

const $amount = combine($amountInput, $topUpProduct, (text, product) => parseAmountInput(text, product?.currency ?? 'USD'));
const $problem = combine($topUpProduct, $amount, (product, amount): AmountProblem | null =>
  product ? checkAmount(amount, depositBounds(product, 'topUp')) : 'required',
);
export const $amountError = combine(sheet.$validationShown, $problem, $topUpProduct, (shown, problem, product) => (shown && product ? problem : null));

export const $charge = combine($topUpProduct, $amount, $problem, (product, amount, problem): TopUpCharge | null =>
  product && amount.ok && problem === null ? topUpCharge(product, amount.amount) : null,
);

sheet.confirmWhen(combine($charge, $topUpBlock, (charge, block) => charge !== null && block === null));
/** Telegram asks before closing while the top-up is being confirmed or sent. */
const $topUpGuarded = combine($step, topUpMutation.$pending, (step, busy) => step === 'confirm' || busy);
guardClosing($topUpGuarded);

/** What the wallet lacks to pay the charge (null: enough, or not known yet — the server checks too). */
export const $shortfall = createShortfall($charge.map((charge) => charge?.total ?? null));

// The Idempotency-Key belongs to the intent (this card, this amount) and outlives the sheet: confirming the
// same top-up again after a lost answer — even after closing the sheet or reloading — replays it (shared/api).
sample({
  clock: topUpConfirmed,
  source: { card: $topUpCard, charge: $charge, busy: topUpMutation.$pending, step: $step, short: $shortfall, block: $topUpBlock },
  filter: ({ card, charge, busy, step, short, block }) =>
    card !== null && charge !== null && !busy && step === 'confirm' && short === null && block === null,
  fn: ({ card, charge }) => ({
    params: { id: card!.id },
    // currency guards against a stale screen (CURRENCY_MISMATCH).
    body: { amount: charge!.amount.amount, currency: card!.currency },
  }),
  target: topUpMutation.start,
});

export const $submitting = topUpMutation.$pending;

const succeeded = sample({ clock: topUpMutation.finished.success, source: $topUpCard, fn: (card, { result }) => ({ before: card, result }) });
sample({ clock: succeeded, fn: ({ result }) => result.card, target: cardChanged });
sample({
  clock: succeeded,
  filter: ({ result }) => result.transfer.status === 'pending',
  fn: ({ before, result }) => ({ cardId: result.card.id, baseline: (before ?? result.card).balance.amount }),
  target: topUpAccepted,
});
sample({ clock: succeeded, filter: ({ result }) => result.transfer.status !== 'pending', fn: ({ result }) => result.card.id, target: cardDataInvalidated });

const announceFx = createEffect((total: { amount: number; currency: string }) => {
  haptic.notification('success');
  void notify.success(i18n.t(`${cardTopUpTexts.ns}:accepted`), {
    description: i18n.t(`${cardTopUpTexts.ns}:acceptedText`),
  });
  return total;
});
sample({ clock: succeeded, fn: ({ result }) => result.transfer.total, target: announceFx });
sample({ clock: succeeded, target: topUpClosed });

sample({ clock: topUpMutation.finished.failure, fn: ({ error }) => ({ message: 'errors:cards.topUpFailed', error }), target: showCardFailureFx });

// Refused for the account's state (an operator decided since the profile was read): the screen explains it at once.
refreshOnAccountRefusal(topUpMutation);
