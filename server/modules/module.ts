/**
 * A server module is a Fastify plugin registered from ONE list (server/modules/index.ts) with its settings passed in
 * (docs/server.md "Modules"). It reaches other modules only by importing their code, never through the app's
 * decorators, so the list's order does not matter.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { MailAdapter } from '../adapters/mail';
import type { CardIssuer } from '../adapters/card-issuer';
import type { SbpAcquirer, SbpPayouts } from '../adapters/sbp';
import type { TronDepositSource, TronSender } from '../adapters/tron';
import type { BotAdapter } from '../adapters/telegram-bot';
import type { KycProvider } from '../adapters/kyc';
import type { RateProvider } from '../adapters/rates';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/db';
import type { Monitor } from '../monitor';

/**
 * Outside integrations, as chosen by the configuration (server/outside-world.ts, docs/adapters.md); a module falls back
 * to "not integrated" (the feature answers its unavailable error) for one that is missing.
 */
export interface Adapters {
  mail?: MailAdapter;
  cardIssuer?: CardIssuer;
  sbpAcquirer?: SbpAcquirer;
  tronSource?: TronDepositSource;
  rates?: RateProvider;
  /** The Telegram bot's messages (notifications, /start answers); none = nothing is sent. */
  bot?: BotAdapter;
  /** Where USDT withdrawals leave (TRON_SENDER_ADAPTER); none = USDT withdrawals refused. */
  tronSender?: TronSender;
  /** RUB withdrawals by SBP (SBP_PAYOUT_ADAPTER); none = refused. */
  sbpPayouts?: SbpPayouts;
  /** Checks new users' identity (KYC_PROVIDER); none = operators review every new user by hand. */
  kyc?: KycProvider;
}

/** What every module receives, built once by buildApp(). */
export interface ModuleDeps {
  db: Db;
  clock: Clock;
  config: Config;
  adapters: Adapters;
  /** Outside input refused, watchers' last successful polls: logged, counted, shown by /api/ready (server/monitor.ts). */
  monitor: Monitor;
}

export interface ServerModule<S = void> {
  name: string;
  register: (app: FastifyInstance, deps: ModuleDeps, settings: S) => void | Promise<void>;
}

export const defineModule = <S = void>(module: ServerModule<S>): ServerModule<S> => module;

/** One entry of the module list: the module and its settings section. */
export interface MountedModule {
  name: string;
  plugin: (deps: ModuleDeps) => FastifyPluginAsync;
}

/**
 * The module with its settings, as a Fastify plugin in the app's own scope (`skip-override`, what fastify-plugin sets:
 * the routes and decorators land on the app itself, docs Reference/Plugins.md).
 */
export const mount = <S>(module: ServerModule<S>, ...[settings]: S extends void ? [] : [S]): MountedModule => ({
  name: module.name,
  plugin: (deps) =>
    Object.assign(async (app: FastifyInstance) => module.register(app, deps, settings as S), {
      [Symbol.for('skip-override')]: true,
      [Symbol.for('fastify.display-name')]: `module:${module.name}`,
    }),
});
