import type { FastifyInstance } from 'fastify';
import {
  SANDBOX_SBP_CALLBACK_JOB,
  SandboxSbpAcquirer,
  SBP_SIGNATURE_HEADER,
  unconfiguredSbpAcquirer,
  type SbpAcquirer,
} from '../../adapters/sbp';
import { SandboxTronChain, unconfiguredTronSource, type TronDepositSource } from '../../adapters/tron';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { appJobRegistry } from '../../jobs';
import { registerConfigRoutes, type WalletSettings } from '../config';
import { SandboxRateProvider, UnconfiguredRateProvider, type RateProvider } from '../exchange/rate-provider';
import { registerExchangeRoutes } from '../exchange/routes';
import { ExchangeService } from '../exchange/service';
import { registerWalletDevRoutes } from './dev-routes';
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
}

export interface WalletModules {
  settings: WalletSettings;
  wallet: WalletService;
  exchange: ExchangeService;
  sbp: SbpService;
  watcher: UsdtDepositWatcher;
  /** Sandbox adapters (null with SANDBOX off). */
  sandbox: { chain: SandboxTronChain; acquirer: SandboxSbpAcquirer; rates: SandboxRateProvider } | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The wallet, exchange, SBP and USDT services of this app (tests, scripts). */
    walletModules: WalletModules;
  }
}

/**
 * Registers config, exchange and wallet (SBP, USDT) with their routes, sandbox adapters and dev controls,
 * and the background USDT deposit watcher (stopped when the app closes).
 */
export const registerWalletModules = async (app: FastifyInstance, { db, clock, config }: WalletModulesOptions): Promise<WalletModules> => {
  const settings = config.wallet;
  const log = (msg: string, data: object = {}) => app.log.warn(data, msg);

  let sandbox: WalletModules['sandbox'] = null;
  let source: TronDepositSource = unconfiguredTronSource;
  let acquirer: SbpAcquirer = unconfiguredSbpAcquirer;
  let provider: RateProvider = new UnconfiguredRateProvider();
  if (config.sandbox) {
    const chain = new SandboxTronChain(db, clock, settings.usdt.confirmations);
    // The sandbox acquirer posts its callbacks to this same server, in process, through the full HTTP stack.
    const sandboxAcquirer = new SandboxSbpAcquirer({
      db,
      clock,
      secret: settings.sbp.webhookSecret,
      merchantName: settings.sbp.merchantName,
      transport: async ({ url, rawBody, signature }) => {
        const response = await app.inject({
          method: 'POST',
          url: new URL(url).pathname,
          payload: rawBody,
          headers: { 'content-type': 'application/json', [SBP_SIGNATURE_HEADER]: signature },
        });
        let body: unknown = response.body;
        try {
          body = response.json();
        } catch {
          // not JSON: keep the text
        }
        return { status: response.statusCode, body };
      },
    });
    const rates = new SandboxRateProvider(db, clock, settings.exchange.sandboxMidRate);
    sandbox = { chain, acquirer: sandboxAcquirer, rates };
    source = chain;
    acquirer = sandboxAcquirer;
    provider = rates;
    appJobRegistry(app).register<{ invoiceId: string }>(SANDBOX_SBP_CALLBACK_JOB, async ({ invoiceId }) => {
      const result = await sandboxAcquirer.deliverCallback(invoiceId);
      if (result.status >= 300) throw new Error(`webhook answered ${result.status}: ${JSON.stringify(result.body)}`);
    });
  } else {
    app.log.warn('SANDBOX is off: no TRON node, SBP acquirer or rate provider is integrated yet; deposits, SBP and exchange are unavailable.');
  }

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
  registerExchangeRoutes(app, exchange, sandbox?.rates ?? null);
  await registerWalletRoutes(app, wallet, sbp);
  registerWalletSupportRoutes(app, { token: config.supportToken, watcher });
  if (sandbox) {
    await registerWalletDevRoutes(app, {
      clock,
      chain: sandbox.chain,
      watcher,
      acquirer: sandbox.acquirer,
      depositAddress: settings.usdt.depositAddress,
    });
  }

  const modules: WalletModules = { settings, wallet, exchange, sbp, watcher, sandbox };
  app.decorate('walletModules', modules);
  app.addHook('onReady', async () => watcher.start(settings.usdt.pollMs));
  app.addHook('onClose', async () => watcher.stop());
  return modules;
};
