export { Amount } from './amount';
