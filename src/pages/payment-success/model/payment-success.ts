/**
 * /payment-success?paymentId=…: the payment's server truth (polled while pending), and once it succeeded a
 * visible 10-second countdown, then back to the wallet (SPEC §9). A payment that failed or expired goes to
 * /payment-failed instead.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { $sbpPayment, paymentFailedPath, sbpPaymentWatchStarted, sbpPaymentWatchStopped } from '@/features/topup-sbp';
import { routePaths } from '@/shared/config';
import { createPageLifecycle, navigateFx } from '@/shared/lib';

/** SPEC §9: payment success redirects after 10 seconds. */
export const REDIRECT_AFTER_SECONDS = 10;

export const paymentSuccessPage = createPageLifecycle<{ paymentId: string | null }>('paymentSuccessPage');
/** The page shows this payment (the URL has one); without one it only says "not found". */
const paymentSuccessOpened = paymentSuccessPage.opened.filterMap(({ paymentId }) => paymentId ?? undefined);
const paymentSuccessClosed = paymentSuccessPage.closed;

const countdownStarted = createEvent();
const countdownStopped = createEvent();
/** One second of the countdown (tests replace it). */
export const countdownSecondFx = createEffect(() => new Promise<void>((resolve) => setTimeout(resolve, 1000)));

export const $countdownRunning = createStore(false)
  .on(countdownStarted, () => true)
  .on(countdownStopped, () => false)
  .reset(paymentSuccessOpened);
const secondPassed = sample({ clock: countdownSecondFx.done, filter: $countdownRunning });
export const $secondsLeft = createStore(REDIRECT_AFTER_SECONDS)
  .on(secondPassed, (seconds) => Math.max(0, seconds - 1))
  .reset(paymentSuccessOpened);
sample({ clock: countdownStarted, target: countdownSecondFx });
sample({
  clock: $secondsLeft.updates,
  source: $countdownRunning,
  filter: (running, seconds) => running && seconds > 0,
  target: countdownSecondFx,
});
/** Time is up: the page goes to the wallet. */
export const $redirectDue = $secondsLeft.map((seconds) => seconds === 0);
/** The payment did not go through: the page goes to /payment-failed. */
export const $paymentFailed = $sbpPayment.map((payment) => payment !== null && (payment.status === 'failed' || payment.status === 'expired'));

sample({ clock: paymentSuccessOpened, target: sbpPaymentWatchStarted });
sample({ clock: paymentSuccessClosed, target: [sbpPaymentWatchStopped, countdownStopped] });

// The countdown starts when the payment is seen succeeded (once per page visit).
const $counted = createStore(false)
  .on(countdownStarted, () => true)
  .reset(paymentSuccessOpened);
sample({
  clock: $sbpPayment,
  source: $counted,
  filter: (counted, payment) => !counted && payment?.status === 'succeeded',
  target: countdownStarted,
});
sample({ clock: $redirectDue, filter: Boolean, target: [countdownStopped, sbpPaymentWatchStopped] });
// Where the page goes (only while it is open: the payment-failed page watches the same payment).
sample({
  clock: $redirectDue,
  source: paymentSuccessPage.$open,
  filter: (open, due) => open && due,
  fn: () => ({ to: routePaths.wallet, replace: true }),
  target: navigateFx,
});
sample({
  clock: [$sbpPayment, paymentSuccessPage.opened],
  source: { open: paymentSuccessPage.$open, payment: $sbpPayment },
  filter: ({ open, payment }) => open && payment !== null && (payment.status === 'failed' || payment.status === 'expired'),
  fn: ({ payment }) => ({ to: paymentFailedPath(payment!.paymentId, payment!.errorCode), replace: true }),
  target: navigateFx,
});

/** "Back to wallet" (Telegram's MainButton inside Telegram). */
export const backToWalletPressed = createEvent();
sample({ clock: backToWalletPressed, fn: () => ({ to: routePaths.wallet, replace: true }), target: navigateFx });
