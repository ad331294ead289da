/**
 * Exchange-rate providers (RATES_PROVIDER): what a provider is, what a rate from outside must satisfy, and the Central
 * Bank of Russia's daily rate; the sandbox's is server/sandbox/rates.ts.
 */
export { RateProviderUnavailableError, UnconfiguredRateProvider, type RateProvider } from './provider';
export { refuseRate, type RateBounds } from './bounds';
export { CbrRateProvider, parseCbrDaily } from './cbr';
