export {
  exchangeRatesRequested,
  exchangeRatesRefetchRequested,
  $exchangeRates,
  $exchangeRatesPending,
} from './model/exchange-rates';
export { formatRate } from './lib/format-rate';
