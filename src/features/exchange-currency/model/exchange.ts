/**
 * Currency exchange sheet (USD ⇄ RUB). The quote (GET /api/config/exchange-rates) is fetched fresh when the
 * sheet opens and again whenever it expires (a 1-second clock runs while the sheet is open); fee and "you
 * receive" are previewed with the server's arithmetic before confirming. Confirm sends the quoteId with the
 * Idempotency-Key of the intent (from/to/amount, createIdempotentMutation): a retry after a lost answer replays,
 * never doubles, and the same amount at a new quote first resends the lost request (see $exchangeUnresolved).
 * QUOTE_EXPIRED → new quote, and the user is asked to confirm the new figures.
 */
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { $exchangeConfig, exchangeMinimumOf } from '@/entities/app-config';
import {
  $exchangeRates,
  $exchangeRatesPending,
  exchangeRatesRefetchRequested,
} from '@/entities/exchange-rate';
import { transactionsReloadRequested } from '@/entities/transaction';
import { $moneyBlock, refreshOnAccountRefusal, userRequested } from '@/entities/user';
import { $available, failureCodeOf, walletFailureReason, walletRefetchRequested } from '@/entities/wallet';
import { createIdempotentMutation, isOutcomeUnknown, mutationState, type ErrorMessage } from '@/shared/api';
import { walletExchange, type ExchangeResult, type Money } from '@/shared/contract';
import { currentLanguage, i18n, moneyMessage } from '@/shared/i18n';
import { guardClosing, hideKeyboardFx } from '@/shared/lib';
import { amountToInputText, findRate, isQuoteExpired, previewExchange, quoteSecondsLeft } from '@/shared/money';
import { notify } from '@/shared/ui';
import { exchangeTexts } from '../i18n/texts';
import { checkExchangeAmount, otherCurrency, previewableAmount } from '../lib/exchange-check';
import { $exchangeFrom, $exchangeOpen, $exchangeTo, $now, exchangeClosed, exchangeOpened, hapticFx } from './sheet';

export { exchangeOpened, exchangeClosed, $exchangeOpen, $exchangeFrom, $exchangeTo, readClockFx, waitSecondFx, hapticFx } from './sheet';

export type ExchangeStep = 'form' | 'review';

/** The intent is from/to/amount: the quote is left out, so a lost request is resent before a new quote is used. */
const exchangeMutation = createIdempotentMutation(walletExchange, {
  intentOf: ({ body }) => ({ from: body.from, to: body.to, amount: body.amount }),
});

export const exchangeDirectionSwapped = createEvent();
export const exchangeAmountChanged = createEvent<string>();
/** "Use all": the whole available balance of the source currency. */
export const exchangeMaxPressed = createEvent();
export const exchangeReviewPressed = createEvent();
export const exchangeEditPressed = createEvent();
export const exchangeConfirmPressed = createEvent();
/** Rates could not be loaded: try again. */
export const exchangeRatesRetryPressed = createEvent();

$exchangeFrom.on(exchangeDirectionSwapped, (from) => otherCurrency(from));

export const $exchangeAmountText = createStore('')
  .on(exchangeAmountChanged, (_, text) => text)
  .reset(exchangeDirectionSwapped);

export const $exchangeStep = createStore<ExchangeStep>('form')
  .on(exchangeEditPressed, () => 'form')
  .reset(exchangeOpened, exchangeClosed, exchangeDirectionSwapped);

/** Continue was pressed: an empty field shows its message from now on. */
const $submitted = createStore(false)
  .on(exchangeReviewPressed, () => true)
  .reset(exchangeOpened, exchangeDirectionSwapped);


// ── quote ─────────────────────────────────────────────────────────────────────────────────────────
export const $exchangeRate = combine($exchangeRates, $exchangeFrom, $exchangeTo, (rates, from, to) => findRate(rates, from, to));
export const $quoteSecondsLeft = combine($exchangeRate, $now, (rate, now) => (rate ? quoteSecondsLeft(rate, now) : 0));
export const $quoteExpired = combine($exchangeRate, $now, (rate, now) => rate !== null && now > 0 && isQuoteExpired(rate, now));
const $ratesLoading = $exchangeRatesPending;
/** SPEC §5 "Rate unavailable": no quote for this direction once loading finished. */
export const $rateUnavailable = combine($exchangeRate, $exchangeRatesPending, (rate, pending) => rate === null && !pending);

/** The quote the user is looking at in the review step; another one arriving there is announced. */
const $reviewedQuoteId = createStore<string | null>(null)
  .on(exchangeEditPressed, () => null)
  .reset(exchangeOpened, exchangeDirectionSwapped);
/** The quote changed after the user reviewed the figures (it expired, or QUOTE_EXPIRED): confirm again. */
export const $rateChanged = combine($exchangeStep, $reviewedQuoteId, $exchangeRate, (step, reviewed, rate) =>
  step === 'review' && reviewed !== null && rate !== null && rate.quoteId !== reviewed,
);

// ── amount and preview ────────────────────────────────────────────────────────────────────────────
const $exchangeCheck = combine($exchangeAmountText, $exchangeFrom, $available, $exchangeConfig, (text, from, available, config) =>
  checkExchangeAmount(text, from, available, exchangeMinimumOf(config, from)),
);
/** Fee and "you receive" for what is typed (shown before confirming). */
export const $exchangePreview = combine($exchangeCheck, $exchangeRate, (check, rate) => {
  const amount = previewableAmount(check);
  return amount !== null && rate ? previewExchange(amount, rate) : null;
});
/** The message under the amount (an empty field only after Continue). */
export const $exchangeError = combine($exchangeCheck, $submitted, (check, submitted) =>
  check.status === 'ok' || (check.status === 'empty' && !submitted) ? null : check.status === 'empty' ? ({ status: 'notPositive' } as const) : check,
);
export const $exchangeState = mutationState(exchangeMutation);
/** SPEC §1: refused up front for a user under verification (the one rule for money actions, entities/user). */
export const $exchangeBlock = $moneyBlock;
sample({ clock: exchangeOpened, target: userRequested });
export const $canConfirm = combine(
  $exchangeCheck,
  $exchangeRate,
  $quoteExpired,
  $exchangeRatesPending,
  exchangeMutation.$pending,
  $exchangeBlock,
  (check, rate, expired, ratesPending, pending, block) =>
    check.status === 'ok' && rate !== null && !expired && !ratesPending && !pending && block === null,
);

// ── flow ──────────────────────────────────────────────────────────────────────────────────────────
/**
 * A toast: `message` is an i18n key; money values are formatted when the toast is displayed (moneyMessage), so
 * "hide balances" masks them.
 */
export const toastFx = createEffect<
  { kind: 'success' | 'error'; message: string; money?: Record<string, Money>; description?: ErrorMessage | null },
  void
>(({ kind, message, money, description }) => {
  void notify[kind](money ? moneyMessage(message, money) : i18n.t(message), description ? { description: i18n.t(description.keys, { defaultValue: description.defaultValue }) } : undefined);
});

sample({ clock: exchangeDirectionSwapped, fn: () => 'selection' as const, target: hapticFx });
sample({ clock: exchangeRatesRetryPressed, target: exchangeRatesRefetchRequested });

// A fresh quote when the shown one expires (once per quote: a failed refetch is retried by the user).
const $refetchedForQuote = createStore<string | null>(null).reset(exchangeOpened);
const quoteExpiredWhileOpen = sample({
  clock: $quoteExpired,
  source: { open: $exchangeOpen, rate: $exchangeRate, done: $refetchedForQuote, pending: $exchangeRatesPending },
  filter: ({ open, rate, done, pending }, expired) => expired && open && rate !== null && rate.quoteId !== done && !pending,
  fn: ({ rate }) => rate!.quoteId,
});
$refetchedForQuote.on(quoteExpiredWhileOpen, (_, quoteId) => quoteId);
sample({ clock: quoteExpiredWhileOpen, target: exchangeRatesRefetchRequested });

sample({
  clock: exchangeMaxPressed,
  source: { available: $available, from: $exchangeFrom },
  filter: ({ available }) => available !== null,
  fn: ({ available, from }) => amountToInputText(available![from], from, currentLanguage()),
  target: exchangeAmountChanged,
});

const reviewAccepted = sample({
  clock: exchangeReviewPressed,
  source: { check: $exchangeCheck, rate: $exchangeRate, block: $exchangeBlock },
  filter: ({ check, rate, block }) => check.status === 'ok' && rate !== null && block === null,
  fn: ({ rate }) => rate!.quoteId,
});
$exchangeStep.on(reviewAccepted, () => 'review');
$reviewedQuoteId.on(reviewAccepted, (_, quoteId) => quoteId);
sample({
  clock: exchangeReviewPressed,
  source: { check: $exchangeCheck, rate: $exchangeRate },
  filter: ({ check, rate }) => check.status !== 'ok' || rate === null,
  fn: () => 'error' as const,
  target: hapticFx,
});

/**
 * While the last attempt's outcome is unknown (timeout, dropped connection, 5xx, "still in progress": the server may
 * have exchanged and the answer got lost), its intent stays pending in the shared mechanism: confirming the same
 * from/to/amount again — even at a new quote, since the old one often expires during a 10 s timeout — first resends
 * THAT request with ITS key; the server replays it if it happened (money moves once) or refuses the expired quote,
 * and only then is the new quote sent, with a new key. Another amount is a new intent.
 */
export const $exchangeUnresolved = exchangeMutation.$unresolved;

const confirmed = sample({
  clock: exchangeConfirmPressed,
  source: { can: $canConfirm, check: $exchangeCheck, rate: $exchangeRate },
  filter: ({ can }) => can,
  fn: ({ check, rate }) => ({
    body: { from: rate!.from, to: rate!.to, amount: (check as { amount: number }).amount, quoteId: rate!.quoteId },
  }),
});
// The figures being confirmed are the reviewed ones now.
$reviewedQuoteId.on(confirmed, (_, { body }) => body.quoteId);
sample({ clock: confirmed, target: exchangeMutation.start });

const isQuoteRejection = (error: unknown) => {
  const code = failureCodeOf(error);
  return code === 'QUOTE_EXPIRED' || code === 'QUOTE_MISMATCH';
};
// The outcome is unknown: show the balances and history as the server has them now.
sample({
  clock: exchangeMutation.finished.failure,
  filter: ({ error }) => isOutcomeUnknown(error),
  target: [walletRefetchRequested, transactionsReloadRequested],
});

// Success: close, reload balances and history, tell the user.
sample({ clock: exchangeMutation.finished.success, target: [exchangeClosed, walletRefetchRequested, transactionsReloadRequested] });
$exchangeAmountText.reset(exchangeMutation.finished.success);
sample({ clock: exchangeMutation.finished.success, fn: () => 'success' as const, target: hapticFx });
sample({
  clock: exchangeMutation.finished.success,
  fn: ({ result }: { result: ExchangeResult }) => ({
    kind: 'success' as const,
    message: `${exchangeTexts.ns}:done`,
    money: { debited: result.debited, credited: result.credited },
  }),
  target: toastFx,
});

// Failure.
const failureCode = exchangeMutation.finished.failure.map(({ error }) => failureCodeOf(error));
// (A refused quote of a resent lost request never gets here: the mechanism then sends the new quote.)
const quoteRejected = sample({ clock: exchangeMutation.finished.failure, filter: ({ error }) => isQuoteRejection(error) });
sample({ clock: quoteRejected, target: exchangeRatesRefetchRequested });
sample({ clock: quoteRejected, fn: () => 'warning' as const, target: hapticFx });
const insufficient = failureCode.filter({ fn: (code) => code === 'INSUFFICIENT_FUNDS' });
sample({ clock: insufficient, target: walletRefetchRequested });
sample({ clock: insufficient, fn: () => 'form' as const, target: $exchangeStep });
sample({
  clock: exchangeMutation.finished.failure,
  filter: ({ error }) => !isQuoteRejection(error),
  fn: ({ error }) => ({ kind: 'error' as const, message: 'errors:wallet.exchangeFailed', description: walletFailureReason(error) }),
  target: toastFx,
});
sample({
  clock: exchangeMutation.finished.failure,
  filter: ({ error }) => !isQuoteRejection(error),
  fn: () => 'error' as const,
  target: hapticFx,
});

// Inside Telegram: "Close anyway?" while the figures are reviewed or the exchange is on its way; "Review" after the
// amount closes the keyboard.
const $exchangeGuarded = combine($exchangeStep, exchangeMutation.$pending, (step, busy) => step === 'review' || busy);
guardClosing($exchangeGuarded);
sample({ clock: exchangeReviewPressed, target: hideKeyboardFx });

// Refused for the account's state (an operator decided since the profile was read): the screen explains it at once.
refreshOnAccountRefusal(exchangeMutation);
