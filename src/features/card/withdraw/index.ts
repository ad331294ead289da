export { withdrawCardAction } from './ui/withdraw-action';
