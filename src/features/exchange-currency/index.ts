export { exchangeOpened } from './model/sheet';
export { ExchangeSheet } from './ui/lazy-exchange-sheet';
