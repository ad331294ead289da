import { routePaths } from '@/shared/config';

/** Where the app shows a payment's outcome (polls while pending): /payment-success?paymentId=… */
export const paymentStatusPath = (paymentId: string): string => `${routePaths.paymentSuccess}?paymentId=${encodeURIComponent(paymentId)}`;

/** /payment-failed?paymentId=…&code=… */
export const paymentFailedPath = (paymentId: string, code: string | null): string => {
  const query = new URLSearchParams({ paymentId });
  if (code) query.set('code', code);
  return `${routePaths.paymentFailed}?${query.toString()}`;
};

/** The wallet with the SBP sheet open on an amount (Retry of a failed payment): /wallet?topup=sbp&amount=150000 */
export const sbpRetryPath = (amount: number): string => `${routePaths.wallet}?topup=sbp&amount=${amount}`;
