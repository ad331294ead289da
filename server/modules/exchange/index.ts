/** Currency exchange: quotes and the exchange itself (docs/wallet.md "Wallet & ledger"). */
import type { FastifyInstance } from 'fastify';
import type { WalletSettings } from '../config';
import { defineModule, type ModuleDeps } from '../module';
import { UnconfiguredRateProvider } from './rate-provider';
import { registerExchangeRoutes } from './routes';
import { ExchangeService } from './service';

export { ExchangeService } from './service';
export { RateProviderUnavailableError, type RateProvider } from './rate-provider';
export { refuseRate, type RateBounds } from './rate-bounds';

declare module 'fastify' {
  interface FastifyInstance {
    /** The exchange service of this app (tests, scripts). */
    exchange: ExchangeService;
  }
}

/**
 * The rate provider chosen by RATES_PROVIDER (server/outside-world.ts, docs/adapters.md: the sandbox market, the
 * Central Bank of Russia's daily rate, or none: exchange unavailable), the service and its routes.
 */
const registerExchange = (app: FastifyInstance, { db, clock, config, adapters, monitor }: ModuleDeps, settings: WalletSettings): void => {
  const log = (msg: string, data: object = {}) => app.log.warn(data, msg);
  if (!adapters.rates) app.log.warn('No exchange-rate provider is configured (RATES_PROVIDER=none): exchange is unavailable.');
  const exchange = new ExchangeService({
    db,
    clock,
    settings,
    provider: adapters.rates ?? new UnconfiguredRateProvider(),
    log,
    rateBounds: config.adapters.rates.bounds,
    monitor,
  });
  registerExchangeRoutes(app, exchange);
  app.decorate('exchange', exchange);
};

export const exchangeModule = defineModule<WalletSettings>({ name: 'exchange', register: registerExchange });
