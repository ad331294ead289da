/**
 * SBP (fast payments) top-up sheet: amount in RUB within the configured minimum and maximum, "Pay" creates the
 * payment (POST /api/wallet/sbp, idempotent) and opens its paymentUrl. The Idempotency-Key stays the same
 * while the form is unchanged, so pressing Pay again after a network error can never create a second payment.
 */
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { $appConfig, $sbpConfig } from '@/entities/app-config';
import { walletFailureReason } from '@/entities/wallet';
import { createApiMutation, mutationState } from '@/shared/api';
import { walletSbpCreate, type SbpPayment } from '@/shared/contract';
import { i18n } from '@/shared/i18n';
import { miniAppLink } from '@/shared/lib';
import { haptic, isMockEnvironment, openLink } from '@/shared/platform';
import { notify } from '@/shared/ui';
import { checkSbpAmount } from '../lib/sbp-amount';
import { $sbpAmountText, $sbpTopUpOpen, sbpTopUpClosed, sbpTopUpOpened } from './sheet';

export { sbpTopUpOpened, sbpTopUpClosed, sbpAmountChanged, $sbpTopUpOpen, $sbpAmountText, hapticSelectionFx } from './sheet';

export const sbpCreateMutation = createApiMutation(walletSbpCreate);

export const sbpPayPressed = createEvent();
/** The payment page was opened outside the app (inside Telegram): the screen follows the payment. */
export const sbpPaymentFollowed = createEvent();


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

/**
 * One key per payment attempt: the same amount keeps its key (a retry after a network error is a replay, never a
 * second payment); another amount, or a payment that was created, gets a new one.
 */
export const $sbpIdempotency = createStore<{ key: string; amount: number } | null>(null);
export const $sbpIdempotencyKey = $sbpIdempotency.map((value) => value?.key ?? null);
export const idempotencyKeyFx = createEffect(({ amount, current }: { amount: number; current: { key: string; amount: number } | null }) =>
  current && current.amount === amount ? current : { key: crypto.randomUUID(), amount },
);
$sbpIdempotency.on(idempotencyKeyFx.doneData, (_, value) => value);

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
export const hapticErrorFx = createEffect(() => haptic.notification('error'));

sample({
  clock: sbpPayPressed,
  source: { check: $sbpAmountCheck, current: $sbpIdempotency, busy: $sbpPaymentInProgress },
  filter: ({ check, busy }) => check.status === 'ok' && !busy,
  fn: ({ check, current }) => ({ amount: (check as { amount: number }).amount, current }),
  target: idempotencyKeyFx,
});
/**
 * Where the bank sends the payer back. Inside Telegram the payment page opens outside the app (the bank's page or app),
 * so the way back is the Mini App's t.me link: the server adds `startapp=sbp_<paymentId>` and the app opens on that
 * payment's result (app/boot deep link). Outside Telegram: none (the server's own /payment-success and
 * /payment-failed pages on this origin).
 */
export const $sbpReturnUrl = $appConfig.map((config) => (isMockEnvironment() ? null : miniAppLink(config?.app)));
sample({
  clock: idempotencyKeyFx.doneData,
  source: $sbpReturnUrl,
  fn: (returnUrl, { key, amount }) => ({ body: returnUrl ? { amount, returnUrl } : { amount }, idempotencyKey: key }),
  target: sbpCreateMutation.start,
});
sample({ clock: sbpPayPressed, source: $sbpAmountCheck, filter: (check) => check.status !== 'ok', target: hapticErrorFx });

sample({ clock: sbpCreateMutation.finished.success, fn: ({ result }) => result, target: openPaymentFx });
// The next Pay is another payment.
$sbpIdempotency.reset(sbpCreateMutation.finished.success);
sample({ clock: openPaymentFx.done, filter: ({ result }) => result === 'external', target: sbpTopUpClosed });

sample({
  clock: sbpCreateMutation.finished.failure,
  fn: ({ error }) => ({ kind: 'error' as const, title: 'errors:wallet.createSbpFailed', description: walletFailureReason(error) }),
  target: feedbackFx,
});
