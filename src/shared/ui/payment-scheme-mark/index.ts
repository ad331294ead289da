export { PaymentSchemeMark } from './payment-scheme-mark';
