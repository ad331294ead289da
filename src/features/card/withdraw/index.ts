export { WithdrawButton, WithdrawSheet } from './ui/withdraw-sheet';
