import type { FastifyInstance } from 'fastify';
import { unconfiguredSbpAcquirer, type SbpAcquirer } from '../../adapters/sbp';
import { unconfiguredTronSource, type TronDepositSource } from '../../adapters/tron';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { registerConfigRoutes, type WalletSettings } from '../config';
import { UnconfiguredRateProvider, type RateProvider } from '../exchange/rate-provider';
import { registerExchangeRoutes } from '../exchange/routes';
import { ExchangeService } from '../exchange/service';
import { registerWalletRoutes } from './routes';
import { registerWalletSupportRoutes } from './support-routes';
import { SbpService } from './sbp';
import { WalletService } from './service';
import { UsdtDepositWatcher } from './usdt-watcher';

export interface WalletModulesOptions {
  db: Db;
  clock: Clock;
  /** The wallet settings are `config.wallet` (server/config/wallet.ts). */
  config: Config;
  /** The outside world (the sandbox's with SANDBOX on: server/sandbox); unset = none integrated. */
  adapters?: WalletAdapters;
}

export interface WalletAdapters {
  tron: TronDepositSource;
  sbp: SbpAcquirer;
  rates: RateProvider;
}

export interface WalletModules {
  settings: WalletSettings;
  wallet: WalletService;
  exchange: ExchangeService;
  sbp: SbpService;
  watcher: UsdtDepositWatcher;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The wallet, exchange, SBP and USDT services of this app (tests, scripts). */
    walletModules: WalletModules;
  }
}

/**
 * Registers config, exchange and wallet (SBP, USDT) with their routes, on the adapters given, and the background
 * USDT deposit watcher (stopped when the app closes).
 */
export const registerWalletModules = async (app: FastifyInstance, { db, clock, config, adapters }: WalletModulesOptions): Promise<WalletModules> => {
  const settings = config.wallet;
  const log = (msg: string, data: object = {}) => app.log.warn(data, msg);

  if (!adapters) {
    app.log.warn('SANDBOX is off: no TRON node, SBP acquirer or rate provider is integrated yet; deposits, SBP and exchange are unavailable.');
  }
  const source: TronDepositSource = adapters?.tron ?? unconfiguredTronSource;
  const acquirer: SbpAcquirer = adapters?.sbp ?? unconfiguredSbpAcquirer;
  const provider: RateProvider = adapters?.rates ?? new UnconfiguredRateProvider();

  const wallet = new WalletService({ db, clock, log });
  const exchange = new ExchangeService({ db, clock, settings, provider, log });
  const sbp = new SbpService({ db, clock, settings, acquirer, publicOrigin: () => config.publicOrigin, appOrigins: config.appOrigins, log });
  const watcher = new UsdtDepositWatcher({
    db,
    clock,
    source,
    depositAddress: settings.usdt.depositAddress,
    minDepositCents: settings.usdt.minDeposit,
    confirmations: settings.usdt.confirmations,
    log,
  });

  registerConfigRoutes(app, settings);
  registerExchangeRoutes(app, exchange);
  await registerWalletRoutes(app, wallet, sbp);
  registerWalletSupportRoutes(app, { token: config.supportToken, watcher });

  const modules: WalletModules = { settings, wallet, exchange, sbp, watcher };
  app.decorate('walletModules', modules);
  app.addHook('onReady', async () => watcher.start(settings.usdt.pollMs));
  app.addHook('onClose', async () => watcher.stop());
  return modules;
};
