export { sendMoneyOpened, $sendMoneyOpen, type SendMoneyTarget } from './model/sheet';
export { SendMoneySheet } from './ui/lazy-send-money-sheet';
export { parseRecipientInput, PAY_START_PREFIX } from './lib/pay-link';
