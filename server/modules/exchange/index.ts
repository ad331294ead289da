/**
 * Currency exchange: quotes and the exchange itself (docs/wallet.md "Wallet & ledger"). This file is the module's
 * plugin: its dependencies, and each endpoint bound to its use case (service/), one line each.
 */
import type { FastifyInstance } from 'fastify';
import { configExchangeRates, walletExchange } from '@/shared/contract';
import { routesWith } from '../../http/route';
import type { WalletSettings } from '../config';
import { systemShardsOnce } from '../ledger';
import { defineModule, type ModuleDeps } from '../module';
import { UnconfiguredRateProvider } from '../../adapters/rates';
import { exchangeCurrency } from './service/exchange';
import { currentRates } from './service/rates';
import type { ExchangeDeps } from './service/shared';

export { exchangeCurrency } from './service/exchange';
export { retireQuotes } from './service/rates';

declare module 'fastify' {
  interface FastifyInstance {
    /** The exchange module's dependencies in this app (tests call its use cases with them). */
    exchange: ExchangeDeps;
  }
}

/**
 * The rate provider chosen by RATES_PROVIDER (server/outside-world.ts, docs/adapters.md: the sandbox market, the
 * Central Bank of Russia's daily rate, or none: exchange unavailable), and the exchange routes.
 */
const registerExchange = (app: FastifyInstance, { db, clock, config, adapters, monitor }: ModuleDeps, settings: WalletSettings): void => {
  if (!adapters.rates) app.log.warn('No exchange-rate provider is configured (RATES_PROVIDER=none): exchange is unavailable.');
  const deps: ExchangeDeps = {
    db,
    clock,
    settings,
    provider: adapters.rates ?? new UnconfiguredRateProvider(),
    warn: (msg, data = {}) => app.log.warn(data, msg),
    rateBounds: config.adapters.rates.bounds,
    monitor,
    knownQuotes: new Map(),
    systemAccounts: systemShardsOnce(
      db,
      [
        ['fx_pool', 'USD'],
        ['fee_revenue', 'USD'],
        ['fx_pool', 'RUB'],
        ['fee_revenue', 'RUB'],
      ],
      settings.hotAccountShards,
    ),
  };
  const bind = routesWith(app, deps);
  bind(configExchangeRates, currentRates);
  bind(walletExchange, exchangeCurrency, { idempotency: 'in-transaction', session: 'with-first-query' });
  app.decorate('exchange', deps);
};

export const exchangeModule = defineModule<WalletSettings>({ name: 'exchange', register: registerExchange });
