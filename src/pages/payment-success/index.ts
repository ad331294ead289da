export { PaymentSuccessPage } from './ui/payment-success-page';
