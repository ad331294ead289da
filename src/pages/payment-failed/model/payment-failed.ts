/**
 * /payment-failed?paymentId=…&code=…: the error code (the server's, else the one in the URL), Retry (the
 * SBP sheet on /wallet with the same amount), Back to wallet, Contact support (through Telegram).
 */
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { $supportContact, appConfigRequested } from '@/entities/app-config';
import { $sbpPayment, $sbpPaymentNotFound, paymentStatusPath, sbpPaymentWatchStarted, sbpPaymentWatchStopped, sbpRetryPath } from '@/features/topup-sbp';
import { routePaths } from '@/shared/config';
import type { AppConfig } from '@/shared/contract';
import { createPageLifecycle, navigateFx } from '@/shared/lib';
import { haptic, openTelegramLink } from '@/shared/platform';

export const paymentFailedPage = createPageLifecycle<{ paymentId: string | null; code: string | null }>('paymentFailedPage');
const paymentFailedOpened = paymentFailedPage.opened;
export const supportPressed = createEvent();
/** "Try again" (Telegram's MainButton inside Telegram): the SBP sheet with the same amount. */
export const retryPressed = createEvent();
/** "Back to wallet" (Telegram's SecondaryButton from 7.10). */
export const backToWalletPressed = createEvent();

const $codeFromUrl = createStore<string | null>(null).on(paymentFailedOpened, (_, { code }) => code);

/** Provider codes are UPPER_SNAKE_CASE (docs/api.md); anything else in the URL is not shown. */
const cleanCode = (code: string | null): string | null => (code && /^[A-Z0-9_]{1,64}$/.test(code) ? code : null);

export const $errorCode = combine($sbpPayment, $codeFromUrl, (payment, code) => payment?.errorCode ?? cleanCode(code));
/**
 * What the page says, from the server's current status (polled while pending, docs/wallet.md "Status
 * polling"): the bank sent the user to the fail URL, but until the acquirer's callback reaches the server the
 * payment is still `pending` there, so the page says it is waiting for the bank, not that it failed.
 * 'loading': the first answer has not come yet; without a payment id (or an unknown one) only the bank's
 * word is left: 'failed'.
 */
export type PaymentFailedOutcome = 'loading' | 'pending' | 'failed' | 'succeeded';
const $paymentId = createStore<string | null>(null).on(paymentFailedOpened, (_, { paymentId }) => paymentId);
export const $outcome = combine($sbpPayment, $paymentId, $sbpPaymentNotFound, (payment, paymentId, notFound): PaymentFailedOutcome => {
  if (payment) return payment.status === 'pending' ? 'pending' : payment.status === 'succeeded' ? 'succeeded' : 'failed';
  return paymentId && !notFound ? 'loading' : 'failed';
});

/** The server says this payment went through after all (an edited URL, a late callback). */
export const $paymentSucceeded = $sbpPayment.map((payment) => payment?.status === 'succeeded');

export const openSupportFx = createEffect(async (support: AppConfig['support']) => {
  const result = await openTelegramLink(support.telegramUrl);
  if (!result.ok) window.location.href = `mailto:${support.email}`;
});
const errorHapticFx = createEffect(() => haptic.notification('error'));

sample({ clock: paymentFailedOpened, target: [appConfigRequested, errorHapticFx] });
sample({
  clock: paymentFailedOpened,
  filter: ({ paymentId }) => paymentId !== null,
  fn: ({ paymentId }) => paymentId!,
  target: sbpPaymentWatchStarted,
});
sample({ clock: paymentFailedPage.closed, target: sbpPaymentWatchStopped });
// A payment that went through after all: its success page, in place of this one.
sample({
  clock: [$sbpPayment, paymentFailedOpened],
  source: { open: paymentFailedPage.$open, payment: $sbpPayment },
  filter: ({ open, payment }) => open && payment?.status === 'succeeded',
  fn: ({ payment }) => ({ to: paymentStatusPath(payment!.paymentId), replace: true }),
  target: navigateFx,
});
sample({
  clock: supportPressed,
  source: $supportContact,
  filter: (support): support is AppConfig['support'] => support !== null,
  target: openSupportFx,
});

sample({
  clock: retryPressed,
  source: $sbpPayment,
  fn: (payment) => ({ to: payment ? sbpRetryPath(payment.amount.amount) : `${routePaths.wallet}?topup=sbp`, replace: true }),
  target: navigateFx,
});
sample({ clock: backToWalletPressed, fn: () => ({ to: routePaths.wallet, replace: true }), target: navigateFx });
