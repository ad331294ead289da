export { requestMoneyOpened } from './model/sheet';
export { RequestMoneySheet } from './ui/lazy-request-money-sheet';
