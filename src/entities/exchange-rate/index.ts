export {
  exchangeRatesQuery,
  exchangeRatesRequested,
  exchangeRatesRefetchRequested,
  $exchangeRates,
  $exchangeRatesState,
  $exchangeRatesPending,
  $exchangeRatesError,
} from './model/exchange-rates';
export {
  previewExchange,
  exchangeFee,
  findRate,
  isQuoteExpired,
  quoteSecondsLeft,
  convertAtRate,
  parseDecimal,
  type ExchangePreview,
} from './lib/exchange-math';
export { formatRate } from './lib/format-rate';
