import type { FastifyInstance } from 'fastify';
import {
  SANDBOX_SBP_CALLBACK_JOB,
  SandboxSbpAcquirer,
  SBP_SIGNATURE_HEADER,
  unconfiguredSbpAcquirer,
  type SbpAcquirer,
} from '../../adapters/sbp';
import { SandboxTronChain, TronGridSource, unconfiguredTronSource, type TronDepositSource } from '../../adapters/tron';
import { appJobRegistry } from '../../jobs';
import type { WalletSettings } from '../config';
import { defineModule, type ModuleDeps } from '../module';
import { registerWalletDevRoutes } from './dev-routes';
import { registerWalletRoutes } from './routes';
import { registerWalletSupportRoutes } from './support-routes';
import { SbpService } from './sbp';
import { WalletService } from './service';
import { UsdtDepositWatcher } from './usdt-watcher';

export interface WalletModules {
  settings: WalletSettings;
  wallet: WalletService;
  sbp: SbpService;
  watcher: UsdtDepositWatcher;
  /** Sandbox adapters (null with SANDBOX off). */
  sandbox: { chain: SandboxTronChain; acquirer: SandboxSbpAcquirer } | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The wallet, SBP and USDT services of this app (tests, scripts). */
    walletModules: WalletModules;
  }
}

/**
 * Registers the wallet (balances, history, SBP, USDT) with its routes, sandbox adapters and dev controls, and the
 * background USDT deposit watcher (stopped when the app closes).
 */
const registerWallet = async (app: FastifyInstance, { db, clock, config }: ModuleDeps, settings: WalletSettings): Promise<void> => {
  const log = (msg: string, data: object = {}) => app.log.warn(data, msg);

  let sandbox: WalletModules['sandbox'] = null;
  let source: TronDepositSource = unconfiguredTronSource;
  let acquirer: SbpAcquirer = unconfiguredSbpAcquirer;
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
    sandbox = { chain, acquirer: sandboxAcquirer };
    if (config.tron.adapter === 'sandbox') source = chain;
    if (config.adapters.sbpAcquirer.adapter === 'sandbox') acquirer = sandboxAcquirer;
    appJobRegistry(app).register<{ invoiceId: string }>(SANDBOX_SBP_CALLBACK_JOB, async ({ invoiceId }) => {
      const result = await sandboxAcquirer.deliverCallback(invoiceId);
      if (result.status >= 300) throw new Error(`webhook answered ${result.status}: ${JSON.stringify(result.body)}`);
    });
  } else {
    app.log.warn(`SANDBOX is off; USDT deposits: ${config.tron.adapter}, SBP acquirer: ${config.adapters.sbpAcquirer.adapter}.`);
  }
  if (config.tron.adapter === 'trongrid') {
    // docs/server.md "TRON deposit watcher": the production source; the sandbox chain (if on) is then not read.
    source = new TronGridSource({ ...config.tron.trongrid, clock, minConfirmations: settings.usdt.confirmations, log });
    app.log.info({ apiUrl: config.tron.trongrid.apiUrl, depositAddress: settings.usdt.depositAddress }, 'USDT deposits: TronGrid');
  } else if (!config.sandbox) {
    app.log.warn('TRON_ADAPTER=sandbox with SANDBOX off: no USDT deposit is ever seen (set TRON_ADAPTER=trongrid).');
  }

  const wallet = new WalletService({ db, clock, log });
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

  const modules: WalletModules = { settings, wallet, sbp, watcher, sandbox };
  app.decorate('walletModules', modules);
  app.addHook('onReady', async () => watcher.start(settings.usdt.pollMs));
  app.addHook('onClose', async () => watcher.stop());
};

export const walletModule = defineModule<WalletSettings>({ name: 'wallet', register: registerWallet });
