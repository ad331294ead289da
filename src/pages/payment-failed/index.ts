export { PaymentFailedPage } from './ui/payment-failed-page';
