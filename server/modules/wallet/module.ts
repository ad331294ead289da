import type { FastifyInstance } from 'fastify';
import {
  SANDBOX_SBP_CALLBACK_JOB,
  SandboxSbpAcquirer,
  SBP_SIGNATURE_HEADER,
  unconfiguredSbpAcquirer,
  type SbpAcquirer,
} from '../../adapters/sbp';
import { SandboxTronChain, TronGridSource, unconfiguredTronSource, type TronDepositSource } from '../../adapters/tron';
import { CbrRateProvider } from '../../adapters/rates';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { appJobRegistry } from '../../jobs';
import { loadWalletSettings, registerConfigRoutes, type WalletSettings } from '../config';
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
  config: Config;
  /** Environment the wallet settings are read from (docs/server.md "Wallet & ledger"); default process.env. */
  env?: Record<string, string | undefined>;
}

export interface WalletModules {
  settings: WalletSettings;
  wallet: WalletService;
  exchange: ExchangeService;
  sbp: SbpService;
  watcher: UsdtDepositWatcher;
  /** Sandbox adapters (null with SANDBOX off); `rates` is null unless RATES_PROVIDER=sandbox. */
  sandbox: { chain: SandboxTronChain; acquirer: SandboxSbpAcquirer; rates: SandboxRateProvider | null } | null;
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
export const registerWalletModules = async (app: FastifyInstance, { db, clock, config, env = process.env }: WalletModulesOptions): Promise<WalletModules> => {
  const settings = loadWalletSettings(env, { sandbox: config.sandbox, jwtSecret: config.jwtSecret, production: config.nodeEnv === 'production' });
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
    // SANDBOX on: the sandbox adapters are the default; RATES_PROVIDER / SBP_ACQUIRER_ADAPTER may choose others.
    const rates = config.adapters.rates.adapter === 'sandbox' ? new SandboxRateProvider(db, clock, settings.exchange.sandboxMidRate) : null;
    sandbox = { chain, acquirer: sandboxAcquirer, rates };
    if (config.tron.adapter === 'sandbox') source = chain;
    if (config.adapters.sbpAcquirer.adapter === 'sandbox') acquirer = sandboxAcquirer;
    if (rates) provider = rates;
    appJobRegistry(app).register<{ invoiceId: string }>(SANDBOX_SBP_CALLBACK_JOB, async ({ invoiceId }) => {
      const result = await sandboxAcquirer.deliverCallback(invoiceId);
      if (result.status >= 300) throw new Error(`webhook answered ${result.status}: ${JSON.stringify(result.body)}`);
    });
  } else {
    app.log.warn(
      `SANDBOX is off; USDT deposits: ${config.tron.adapter}, SBP acquirer: ${config.adapters.sbpAcquirer.adapter}, rate provider: ${config.adapters.rates.adapter}.`,
    );
  }
  if (config.tron.adapter === 'trongrid') {
    // docs/server.md "TRON deposit watcher": the production source; the sandbox chain (if on) is then not read.
    source = new TronGridSource({ ...config.tron.trongrid, clock, minConfirmations: settings.usdt.confirmations, log });
    app.log.info({ apiUrl: config.tron.trongrid.apiUrl, depositAddress: settings.usdt.depositAddress }, 'USDT deposits: TronGrid');
  } else if (!config.sandbox) {
    app.log.warn('TRON_ADAPTER=sandbox with SANDBOX off: no USDT deposit is ever seen (set TRON_ADAPTER=trongrid).');
  }

  if (config.adapters.rates.adapter === 'cbr') provider = new CbrRateProvider({ db, clock, ...config.adapters.rates.cbr, log });

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
      chainIsSource: source === sandbox.chain,
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
