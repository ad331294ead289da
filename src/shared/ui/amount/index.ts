export { Amount, type AmountProps } from './amount';
