export { PaymentSchemeMark, PAYMENT_SCHEME_NAMES, type PaymentSchemeMarkProps } from './payment-scheme-mark';
