export { exchangeOpened, exchangeClosed, $exchangeOpen } from './model/sheet';
export { checkExchangeAmount, type ExchangeCheck } from './lib/exchange-check';
export { ExchangeSheet } from './ui/lazy-exchange-sheet';
