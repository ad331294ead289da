export {
  exchangeRatesQuery,
  exchangeRatesRequested,
  exchangeRatesRefetchRequested,
  $exchangeRates,
  $exchangeRatesState,
  $exchangeRatesPending,
  $exchangeRatesError,
} from './model/exchange-rates';
export { formatRate } from './lib/format-rate';
