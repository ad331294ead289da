/**
 * The sandbox (SANDBOX on; refused in production): stand-ins for the outside world and their dev controls, kept out
 * of the production modules. Modules see only the adapter interfaces (server/adapters/*); app.ts asks this folder
 * for the stand-ins when the sandbox is on and hands them over like any other adapter, then registers the
 * `/api/dev/*` routes. Its tables come from ./migrations (server/db/migrate.ts: applied outside production only).
 *
 *   mail.ts          sandbox mailbox (the mail adapter whenever SMTP_URL is unset, outside production)
 *   tron.ts          sandbox TRON chain (TRC20 USDT transfers in a table)
 *   sbp.ts, sbp-page.ts   sandbox SBP acquirer and its payment page
 *   rates.ts         sandbox exchange-rate provider
 *   card-issuer.ts, pan.ts  simulated card issuer
 *   settings.ts      the sandbox_settings switches shared by every process
 *   bot.ts           sandbox Telegram bot outbox (BOT_ADAPTER=sandbox)
 *   kyc.ts           sandbox KYC provider (decisions later, by a signed webhook; KYC_PROVIDER=sandbox)
 *   routes/          the dev controls (/api/dev/*)
 *   panel.ts         the sandbox panel page (GET /api/dev/panel): those controls as forms in the browser
 */
import type { FastifyInstance } from 'fastify';
import { sandboxAtRestKey, type CardIssuer } from '../adapters/card-issuer';
import { KYC_SIGNATURE_HEADER } from '../adapters/kyc';
import { SBP_SIGNATURE_HEADER } from '../adapters/sbp';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { appJobRegistry } from '../jobs';
import type { Adapters } from '../modules';
import { SandboxBotAdapter } from './bot';
import { SandboxCardIssuer } from './card-issuer';
import { SANDBOX_KYC_DECIDE_JOB, SandboxKycProvider } from './kyc';
import { SandboxRateProvider } from './rates';
import { registerBotDevRoutes } from './routes/bot';
import { registerCardDevRoutes } from './routes/cards';
import { registerCardControlDevRoutes } from './routes/card-controls';
import { registerDevRoutes } from './routes/dev';
import { registerExchangeDevRoutes } from './routes/exchange';
import { registerKycDevRoutes } from './routes/kyc';
import { registerPanelDevRoutes } from './routes/panel';
import { registerWalletDevRoutes } from './routes/wallet';
import { registerWithdrawalDevRoutes } from './routes/withdrawals';
import { SANDBOX_SBP_CALLBACK_JOB, SandboxSbpAcquirer } from './sbp';
import { SandboxTronChain } from './tron';
import { SandboxTronSender } from './tron-sender';
import { SandboxSbpPayouts } from './sbp-payouts';

export { SandboxMailAdapter } from './mail';
export { SandboxCardIssuer } from './card-issuer';
export { isLuhnValid } from './pan';

export interface Sandbox {
  chain: SandboxTronChain;
  acquirer: SandboxSbpAcquirer;
  rates: SandboxRateProvider;
  /** null when the app was given its own issuer (tests). */
  cardIssuer: SandboxCardIssuer | null;
  /** The bot's outbox (GET /api/dev/bot-outbox). */
  bot: SandboxBotAdapter;
  /** The stand-in TRON network USDT withdrawals are sent to. */
  tronSender: SandboxTronSender;
  /** The stand-in SBP payout provider. */
  sbpPayouts: SandboxSbpPayouts;
  /** The KYC provider (POST /api/dev/kyc/settings). */
  kyc: SandboxKycProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The sandbox stand-ins of this app (tests, scripts); only with SANDBOX on. */
    sandbox?: Sandbox;
  }
}

/** The stand-ins of this app (SANDBOX on), before the modules that use them are registered. */
export const createSandbox = (
  app: FastifyInstance,
  { db, clock, config, cardIssuer }: { db: Db; clock: Clock; config: Config; cardIssuer: CardIssuer | undefined },
): Sandbox => {
  const settings = config.wallet;
  const registry = appJobRegistry(app);
  const chain = new SandboxTronChain(db, clock, settings.usdt.confirmations);
  // The sandbox acquirer posts its callbacks to this same server, in process, through the full HTTP stack.
  const acquirer = new SandboxSbpAcquirer({
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
  registry.register<{ invoiceId: string }>(SANDBOX_SBP_CALLBACK_JOB, async ({ invoiceId }) => {
    const result = await acquirer.deliverCallback(invoiceId);
    if (result.status >= 300) throw new Error(`webhook answered ${result.status}: ${JSON.stringify(result.body)}`);
  });
  const rates = new SandboxRateProvider(db, clock, settings.exchange.sandboxMidRate);
  const sandboxIssuer = cardIssuer
    ? null
    : new SandboxCardIssuer({
        db,
        clock,
        registry,
        atRestKey: sandboxAtRestKey(config.cards.sandboxIssuer.key, config.jwtSecret),
        defaultDelayMs: config.cards.sandboxIssuer.delayMs,
        log: app.log,
      });
  const withdrawals = config.withdrawals;
  // The KYC provider posts its decisions to this same server too, through the full HTTP stack.
  const kyc = new SandboxKycProvider({
    db,
    clock,
    secret: config.kyc.webhookSecret,
    defaultDelayMs: config.kyc.sandboxDelayMs,
    transport: async ({ rawBody, signature }) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/webhooks/kyc',
        payload: rawBody,
        headers: { 'content-type': 'application/json', [KYC_SIGNATURE_HEADER]: signature },
      });
      return { status: response.statusCode, body: response.body };
    },
  });
  registry.register<{ checkId: string }>(SANDBOX_KYC_DECIDE_JOB, ({ checkId }) => kyc.decideAndDeliver(checkId));
  const sandbox: Sandbox = {
    chain,
    acquirer,
    rates,
    cardIssuer: sandboxIssuer,
    bot: new SandboxBotAdapter(db, clock),
    tronSender: new SandboxTronSender(db, clock, { outcome: 'confirm', delayMs: withdrawals.sandboxDelayMs, unreachable: false }, withdrawals.tronExpirationSeconds * 1000),
    sbpPayouts: new SandboxSbpPayouts(db, clock, { outcome: 'succeed', delayMs: withdrawals.sandboxDelayMs, unreachable: false }),
    kyc,
  };
  app.decorate('sandbox', sandbox);
  return sandbox;
};

/**
 * The dev controls (/api/dev/*), after the modules (they drive the modules' services: app.walletModules); without them /api/dev/* answers 404.
 */
export const registerSandboxRoutes = async (
  app: FastifyInstance,
  sandbox: Sandbox,
  deps: { db: Db; clock: Clock; config: Config; adapters: Adapters },
): Promise<void> => {
  const { db, clock, config, adapters } = deps;
  registerDevRoutes(app, db, clock, config.sandboxToken);
  registerPanelDevRoutes(app, config.sandboxToken);
  if (adapters.bot === sandbox.bot) registerBotDevRoutes(app, { db, clock }, config.sandboxToken);
  if (adapters.kyc === sandbox.kyc) registerKycDevRoutes(app, { db, clock });
  registerExchangeDevRoutes(app, { rates: sandbox.rates });
  registerWithdrawalDevRoutes(app, {
    db,
    clock,
    tronSender: adapters.tronSender === sandbox.tronSender ? sandbox.tronSender : null,
    sbpPayouts: adapters.sbpPayouts === sandbox.sbpPayouts ? sandbox.sbpPayouts : null,
  });
  await registerWalletDevRoutes(app, {
    clock,
    chain: sandbox.chain,
    chainIsSource: adapters.tronSource === sandbox.chain,
    watcher: app.walletModules.watcher,
    acquirer: sandbox.acquirer,
    depositAddress: config.wallet.usdt.depositAddress,
  });
  if (sandbox.cardIssuer && adapters.cardIssuer === sandbox.cardIssuer) registerCardDevRoutes(app, { db, sandbox: sandbox.cardIssuer });
  if (sandbox.cardIssuer && adapters.cardIssuer === sandbox.cardIssuer) registerCardControlDevRoutes(app, { db, sandbox: sandbox.cardIssuer });
};
