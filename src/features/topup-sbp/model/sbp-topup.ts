/**
 * SBP (fast payments) top-up sheet: amount in RUB within the configured minimum and maximum, "Pay" creates the
 * payment (POST /api/wallet/sbp, idempotent) and opens its paymentUrl. The Idempotency-Key stays the same
 * while the form is unchanged, so pressing Pay again after a network error can never create a second payment.
 */
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { $sbpConfig, appConfigRequested } from '@/entities/app-config';
import { amountToInputText, walletFailureReason } from '@/entities/wallet';
import { createApiMutation, mutationState } from '@/shared/api';
import { walletSbpCreate, type SbpPayment } from '@/shared/contract';
import { currentLanguage, i18n } from '@/shared/i18n';
import { haptic, isMockEnvironment, openLink } from '@/shared/platform';
import { notify } from '@/shared/ui';
import { checkSbpAmount } from '../lib/sbp-amount';

export const sbpCreateMutation = createApiMutation(walletSbpCreate);

/** Open the sheet; `amount` (kopecks) pre-fills it (Retry from the payment-failed page). */
export const sbpTopUpOpened = createEvent<{ amount?: number } | void>();
export const sbpTopUpClosed = createEvent();
export const sbpAmountChanged = createEvent<string>();
export const sbpPayPressed = createEvent();
/** The payment page was opened outside the app (inside Telegram): the screen follows the payment. */
export const sbpPaymentFollowed = createEvent();

export const $sbpTopUpOpen = createStore(false)
  .on(sbpTopUpOpened, () => true)
  .on(sbpTopUpClosed, () => false);

export const $sbpAmountText = createStore('')
  .on(sbpAmountChanged, (_, text) => text)
  .on(sbpTopUpOpened, (text, prefill) => (prefill && prefill.amount ? amountToInputText(prefill.amount, 'RUB', currentLanguage()) : text));

/** Pay was pressed: show "enter an amount" for an empty field from now on. */
const $submitted = createStore(false)
  .on(sbpPayPressed, () => true)
  .reset(sbpTopUpOpened);

export const $sbpAmountCheck = combine($sbpAmountText, $sbpConfig, (text, limits) => checkSbpAmount(text, limits));
/** The check to show under the field (an empty field only after Pay). */
export const $sbpAmountError = combine($sbpAmountCheck, $submitted, (check, submitted) =>
  check.status === 'ok' || (check.status === 'empty' && !submitted) ? null : check,
);

export const $sbpState = mutationState(sbpCreateMutation);

export const newIdempotencyKeyFx = createEffect(() => crypto.randomUUID());
/** One key per payment attempt: replaced when the amount changes and after a payment was created. */
export const $sbpIdempotencyKey = createStore<string | null>(null).on(newIdempotencyKeyFx.doneData, (_, key) => key);
const $formAmount = $sbpAmountCheck.map((check) => (check.status === 'ok' ? check.amount : null));

/**
 * Opens the payment page: outside Telegram (browser, dev mock) in this window, so the provider comes back to
 * /payment-success or /payment-failed; inside Telegram with the platform link opener (the bank's page or app),
 * and the app shows the payment's status meanwhile.
 */
export const openPaymentFx = createEffect(async (payment: SbpPayment): Promise<'left' | 'external'> => {
  if (!isMockEnvironment()) {
    const opened = await openLink(payment.paymentUrl);
    if (opened.ok) return 'external';
  }
  window.location.assign(payment.paymentUrl);
  return 'left';
});

/** A payment opened outside the app, to follow on its status page. */
export const $followedPayment = createStore<SbpPayment | null>(null)
  .on(openPaymentFx.done, (_, { params, result }) => (result === 'external' ? params : null))
  .reset(sbpPaymentFollowed, sbpTopUpOpened);
/** The app is leaving for the payment page (same window). */
const $leaving = createStore(false)
  .on(openPaymentFx.doneData, (_, result) => result === 'left')
  .reset(sbpTopUpOpened, sbpTopUpClosed);

/** A payment is being created or opened: Telegram asks before closing the app meanwhile. */
export const $sbpPaymentInProgress = combine(sbpCreateMutation.$pending, openPaymentFx.pending, $leaving, (a, b, c) => a || b || c);

export const feedbackFx = createEffect<{ kind: 'success' | 'error'; title: string; description?: { keys: string[]; defaultValue: string } | null }, void>(
  ({ kind, title, description }) => {
    haptic.notification(kind);
    void notify[kind](i18n.t(title), description ? { description: i18n.t(description.keys, { defaultValue: description.defaultValue }) } : undefined);
  },
);
export const hapticSelectionFx = createEffect(() => haptic.selection());
export const hapticErrorFx = createEffect(() => haptic.notification('error'));

sample({ clock: sbpTopUpOpened, target: [appConfigRequested, hapticSelectionFx] });
sample({ clock: sbpTopUpOpened, source: $sbpIdempotencyKey, filter: (key) => key === null, target: newIdempotencyKeyFx });
sample({ clock: $formAmount.updates, target: newIdempotencyKeyFx });

sample({
  clock: sbpPayPressed,
  source: { check: $sbpAmountCheck, key: $sbpIdempotencyKey, busy: $sbpPaymentInProgress },
  filter: ({ check, key, busy }) => check.status === 'ok' && key !== null && !busy,
  fn: ({ check, key }) => ({ body: { amount: (check as { amount: number }).amount }, idempotencyKey: key! }),
  target: sbpCreateMutation.start,
});
sample({ clock: sbpPayPressed, source: $sbpAmountCheck, filter: (check) => check.status !== 'ok', target: hapticErrorFx });

sample({ clock: sbpCreateMutation.finished.success, fn: ({ result }) => result, target: openPaymentFx });
// The next Pay is another payment.
sample({ clock: sbpCreateMutation.finished.success, target: newIdempotencyKeyFx });
sample({ clock: openPaymentFx.done, filter: ({ result }) => result === 'external', target: sbpTopUpClosed });

sample({
  clock: sbpCreateMutation.finished.failure,
  fn: ({ error }) => ({ kind: 'error' as const, title: 'errors:wallet.createSbpFailed', description: walletFailureReason(error) }),
  target: feedbackFx,
});
