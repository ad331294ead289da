/**
 * /payment-failed?paymentId=…&code=…: the error code (the server's, else the one in the URL), Retry (the
 * SBP sheet on /wallet with the same amount), Back to wallet, Contact support (through Telegram).
 */
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { $supportContact, appConfigRequested } from '@/entities/app-config';
import { $sbpPayment, sbpPaymentWatchStarted, sbpPaymentWatchStopped } from '@/features/topup-sbp';
import type { AppConfig } from '@/shared/contract';
import { haptic, openTelegramLink } from '@/shared/platform';

export const paymentFailedOpened = createEvent<{ paymentId: string | null; code: string | null }>();
export const paymentFailedClosed = createEvent();
export const supportPressed = createEvent();

const $codeFromUrl = createStore<string | null>(null).on(paymentFailedOpened, (_, { code }) => code);

/** Provider codes are UPPER_SNAKE_CASE (docs/api.md); anything else in the URL is not shown. */
const cleanCode = (code: string | null): string | null => (code && /^[A-Z0-9_]{1,64}$/.test(code) ? code : null);

export const $errorCode = combine($sbpPayment, $codeFromUrl, (payment, code) => payment?.errorCode ?? cleanCode(code));
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
sample({ clock: paymentFailedClosed, target: sbpPaymentWatchStopped });
sample({
  clock: supportPressed,
  source: $supportContact,
  filter: (support): support is AppConfig['support'] => support !== null,
  target: openSupportFx,
});
