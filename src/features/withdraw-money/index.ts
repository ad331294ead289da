export { withdrawOpened } from './model/sheet';
export { WithdrawMoneySheet } from './ui/lazy-withdraw-money-sheet';
