/** Wallet: balances and history from the ledger, SBP top-ups, USDT deposits (docs/wallet.md "Wallet & ledger"). */
import type { FastifyInstance } from 'fastify';
import { unconfiguredSbpAcquirer, type SbpAcquirer } from '../../adapters/sbp';
import { unconfiguredTronSource, type TronDepositSource } from '../../adapters/tron';
import type { WalletSettings } from '../config';
import { defineModule, type ModuleDeps } from '../module';
import { registerWalletRoutes } from './routes';
import { registerWalletSupportRoutes } from './support-routes';
import { SbpService } from './sbp';
import { WalletService } from './service';
import { UsdtDepositWatcher } from './usdt-watcher';

export { WalletService, type ListRow } from './service';
export { toSbpPayment } from './sbp';
export { UsdtDepositWatcher } from './usdt-watcher';
export { formatUsdtAmount, MICRO_PER_CENT, parseUsdtAmount, tagOfAmount } from './usdt-amount';
export { DECLINED_SBP_HISTORY_SQL } from './declined-sbp';
export { RECEIVED_TRANSFERS_HISTORY_SQL } from './received-transfers';

interface WalletModules {
  settings: WalletSettings;
  wallet: WalletService;
  sbp: SbpService;
  watcher: UsdtDepositWatcher;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The wallet, SBP and USDT services of this app (tests, scripts). */
    walletModules: WalletModules;
  }
}

/**
 * Registers the wallet (balances, history, SBP, USDT) with its routes on the adapters the configuration chose
 * (server/outside-world.ts), and the background USDT deposit watcher (stopped when the app closes).
 */
const registerWallet = async (app: FastifyInstance, { db, clock, config, adapters, monitor }: ModuleDeps, settings: WalletSettings): Promise<void> => {
  const log = (msg: string, data: object = {}) => app.log.warn(data, msg);
  if (!adapters.tronSource) app.log.warn('No USDT deposit source is configured: deposits are never seen.');
  if (!adapters.sbpAcquirer) app.log.warn('No SBP acquirer is configured (SBP_ACQUIRER_ADAPTER=none): SBP top-ups are refused.');
  const source: TronDepositSource = adapters.tronSource ?? unconfiguredTronSource;
  const acquirer: SbpAcquirer = adapters.sbpAcquirer ?? unconfiguredSbpAcquirer;

  const wallet = new WalletService({ db, clock, log });
  const sbp = new SbpService({ db, clock, settings, acquirer, publicOrigin: () => config.publicOrigin, appOrigins: config.appOrigins, log, monitor });
  const watcher = new UsdtDepositWatcher({
    db,
    clock,
    source,
    depositAddress: settings.usdt.depositAddress,
    minDepositCents: settings.usdt.minDeposit,
    reviewThresholdCents: settings.usdt.reviewThreshold,
    confirmations: settings.usdt.confirmations,
    log,
    monitor,
  });

  await registerWalletRoutes(app, wallet, sbp);
  registerWalletSupportRoutes(app, { token: config.supportToken, watcher });

  const modules: WalletModules = { settings, wallet, sbp, watcher };
  app.decorate('walletModules', modules);
  app.addHook('onReady', async () => watcher.start(settings.usdt.pollMs));
  app.addHook('onClose', async () => watcher.stop());
};

export const walletModule = defineModule<WalletSettings>({ name: 'wallet', register: registerWallet });
