/** Exchange-rate providers (RATES_PROVIDER): the Central Bank of Russia's daily rate; the sandbox is in modules/exchange. */
export { CbrDocumentError, CbrRateProvider, parseCbrDaily, type CbrDaily, type CbrRateProviderOptions } from './cbr';
export { CBR_DAILY_URL, loadRatesConfig, RATES_PROVIDERS, ratesProductionProblems, type RatesConfig, type RatesProviderName } from './config';
