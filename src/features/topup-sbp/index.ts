export { sbpTopUpOpened, sbpTopUpClosed, $sbpTopUpOpen } from './model/sheet';
export {
  SBP_POLL_INTERVAL_MS,
  pollDelayFx,
  sbpPaymentQuery,
  sbpPaymentWatchStarted,
  sbpPaymentWatchStopped,
  $watchedPaymentId,
  $sbpPayment,
  $sbpPaymentState,
  $sbpPaymentNotFound,
  $sbpPaymentError,
} from './model/payment-status';
export { checkSbpAmount, type SbpAmountCheck } from './lib/sbp-amount';
export { paymentStatusPath, paymentFailedPath, sbpRetryPath } from './lib/payment-link';
export { SbpTopUpSheet } from './ui/lazy-sbp-topup-sheet';
export { PaymentDetails, type PaymentDetailsProps } from './ui/payment-details';
