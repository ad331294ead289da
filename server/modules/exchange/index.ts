/** Currency exchange: quotes and the exchange itself (docs/server.md "Wallet & ledger"). */
import type { FastifyInstance } from 'fastify';
import type { WalletSettings } from '../config';
import { CbrRateProvider } from '../../adapters/rates';
import { defineModule, type ModuleDeps } from '../module';
import { SandboxRateProvider, UnconfiguredRateProvider, type RateProvider } from './rate-provider';
import { registerExchangeRoutes } from './routes';
import { ExchangeService } from './service';

export { ExchangeService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The exchange service of this app (tests, scripts). */
    exchange: ExchangeService;
  }
}

/**
 * The rate provider chosen by RATES_PROVIDER (docs/adapters.md: the sandbox market, the Central Bank of Russia's daily
 * rate, or none: exchange unavailable), the service and its routes.
 */
const registerExchange = (app: FastifyInstance, { db, clock, config }: ModuleDeps, settings: WalletSettings): void => {
  const log = (msg: string, data: object = {}) => app.log.warn(data, msg);
  const choice = config.adapters.rates;
  const rates = choice.adapter === 'sandbox' ? new SandboxRateProvider(db, clock, settings.exchange.sandboxMidRate) : null;
  const provider: RateProvider =
    rates ?? (choice.adapter === 'cbr' ? new CbrRateProvider({ db, clock, ...choice.cbr, log }) : new UnconfiguredRateProvider());
  if (choice.adapter === 'none') app.log.warn('RATES_PROVIDER=none: exchange is unavailable.');
  const exchange = new ExchangeService({ db, clock, settings, provider, log });
  registerExchangeRoutes(app, exchange, rates);
  app.decorate('exchange', exchange);
};

export const exchangeModule = defineModule<WalletSettings>({ name: 'exchange', register: registerExchange });
