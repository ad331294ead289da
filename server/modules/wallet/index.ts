/**
 * Wallet: balances and history from the ledger, SBP top-ups, USDT deposits (docs/wallet.md "Wallet & ledger"). This
 * file is the module's plugin: its dependencies, each endpoint bound to its use case (one line each), the SBP webhook,
 * the support listing and the background USDT deposit watcher.
 */
import type { FastifyInstance } from 'fastify';
import { walletGet, walletSbpCreate, walletSbpGet, walletTransactions } from '@/shared/contract';
import { unconfiguredSbpAcquirer, type SbpAcquirer } from '../../adapters/sbp';
import { unconfiguredTronSource, type TronDepositSource } from '../../adapters/tron';
import { routesWith } from '../../http/route';
import type { WalletSettings } from '../config';
import { systemShardsOnce } from '../ledger';
import { defineModule, type ModuleDeps } from '../module';
import { getWallet } from './balance';
import { listTransactions } from './history';
import { createSbpPayment, getSbpPayment, registerSbpWebhook } from './sbp';
import type { SbpDeps } from './shared';
import { registerWalletSupportRoutes } from './support-routes';
import { UsdtDepositWatcher } from './usdt-watcher';

export { toWalletTransaction, type ListRow } from './history';
export { createSbpPayment, toSbpPayment } from './sbp';
export { UsdtDepositWatcher } from './usdt-watcher';
export { formatUsdtAmount, MICRO_PER_CENT, parseUsdtAmount, tagOfAmount } from './usdt-amount';
export { DECLINED_SBP_HISTORY_SQL } from './declined-sbp';
export { RECEIVED_TRANSFERS_HISTORY_SQL } from './received-transfers';

interface WalletModules {
  settings: WalletSettings;
  /** The SBP top-ups' dependencies (tests call createSbpPayment with them). */
  sbp: SbpDeps;
  watcher: UsdtDepositWatcher;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The wallet's settings, SBP dependencies and USDT deposit watcher in this app (tests, scripts). */
    walletModules: WalletModules;
  }
}

/**
 * Registers the wallet (balances, history, SBP, USDT) with its routes on the adapters the configuration chose
 * (server/outside-world.ts), and the background USDT deposit watcher (stopped when the app closes).
 */
const registerWallet = async (app: FastifyInstance, { db, clock, config, adapters, monitor }: ModuleDeps, settings: WalletSettings): Promise<void> => {
  const warn = (msg: string, data: object = {}) => app.log.warn(data, msg);
  if (!adapters.tronSource) app.log.warn('No USDT deposit source is configured: deposits are never seen.');
  if (!adapters.sbpAcquirer) app.log.warn('No SBP acquirer is configured (SBP_ACQUIRER_ADAPTER=none): SBP top-ups are refused.');
  const source: TronDepositSource = adapters.tronSource ?? unconfiguredTronSource;
  const acquirer: SbpAcquirer = adapters.sbpAcquirer ?? unconfiguredSbpAcquirer;

  const sbp: SbpDeps = {
    db,
    clock,
    settings,
    warn,
    acquirer,
    publicOrigin: () => config.publicOrigin,
    appOrigins: config.appOrigins,
    monitor,
    systemAccounts: systemShardsOnce(db, [['sbp_clearing', 'RUB']], settings.hotAccountShards),
  };
  const watcher = new UsdtDepositWatcher({
    db,
    clock,
    source,
    depositAddress: settings.usdt.depositAddress,
    minDepositCents: settings.usdt.minDeposit,
    reviewThresholdCents: settings.usdt.reviewThreshold,
    confirmations: settings.usdt.confirmations,
    log: warn,
    monitor,
  });

  const bind = routesWith(app, sbp);
  bind(walletGet, getWallet, { session: 'with-first-query' });
  bind(walletTransactions, listTransactions, { session: 'with-first-query' });
  bind(walletSbpCreate, createSbpPayment);
  bind(walletSbpGet, getSbpPayment);
  await registerSbpWebhook(app, sbp);
  registerWalletSupportRoutes(app, { token: config.supportToken, watcher });

  const modules: WalletModules = { settings, sbp, watcher };
  app.decorate('walletModules', modules);
  app.addHook('onReady', async () => watcher.start(settings.usdt.pollMs));
  app.addHook('onClose', async () => watcher.stop());
};

export const walletModule = defineModule<WalletSettings>({ name: 'wallet', register: registerWallet });
