export { sendMoneyOpened } from './model/sheet';
export { SendMoneySheet } from './ui/lazy-send-money-sheet';
