/** Exchange-rate providers (RATES_PROVIDER): the Central Bank of Russia's daily rate; the sandbox is in modules/exchange. */
export { CbrRateProvider, parseCbrDaily } from './cbr';
