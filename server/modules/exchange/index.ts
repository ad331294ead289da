/** Currency exchange: quotes and the exchange itself (docs/server.md "Wallet & ledger"). */
import type { FastifyInstance } from 'fastify';
import type { WalletSettings } from '../config';
import { defineModule, type ModuleDeps } from '../module';
import { SandboxRateProvider, UnconfiguredRateProvider } from './rate-provider';
import { registerExchangeRoutes } from './routes';
import { ExchangeService } from './service';

export { ExchangeService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The exchange service of this app (tests, scripts). */
    exchange: ExchangeService;
  }
}

/** The rate provider (the sandbox one with SANDBOX on; none is integrated otherwise), the service and its routes. */
const registerExchange = (app: FastifyInstance, { db, clock, config }: ModuleDeps, settings: WalletSettings): void => {
  const log = (msg: string, data: object = {}) => app.log.warn(data, msg);
  const rates = config.sandbox ? new SandboxRateProvider(db, clock, settings.exchange.sandboxMidRate) : null;
  if (!rates) app.log.warn('SANDBOX is off: no rate provider is integrated yet; exchange is unavailable.');
  const exchange = new ExchangeService({ db, clock, settings, provider: rates ?? new UnconfiguredRateProvider(), log });
  registerExchangeRoutes(app, exchange, rates);
  app.decorate('exchange', exchange);
};

export const exchangeModule = defineModule<WalletSettings>({ name: 'exchange', register: registerExchange });
