export { sbpTopUpOpened, $sbpTopUpOpen } from './model/sheet';
export {
  pollDelayFx,
  sbpPaymentWatchStarted,
  sbpPaymentWatchStopped,
  $sbpPayment,
  $sbpPaymentNotFound,
  $sbpPaymentError,
} from './model/payment-status';
export { paymentStatusPath, paymentFailedPath, sbpRetryPath } from './lib/payment-link';
export { SbpTopUpSheet } from './ui/lazy-sbp-topup-sheet';
export { PaymentDetails } from './ui/payment-details';
export { SupportReference } from './ui/support-reference';
export { paymentFailureKey } from './lib/failure-text';
export { topUpSbpTexts } from './i18n/texts';
