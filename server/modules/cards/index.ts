/**
 * Cards: issue, activation, freeze/unfreeze, top-up, sensitive data, trades (docs/server.md "Cards and jobs").
 * `registerCardsModule` wires products, cards, the issuer adapter, its events and jobs into the app.
 */
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_SANDBOX_DELAY_MS,
  SandboxCardIssuer,
  sandboxAtRestKey,
  UnconfiguredCardIssuer,
  type CardIssuer,
} from '../../adapters/card-issuer';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { appJobRegistry } from '../../jobs';
import { ProductsService, registerProductRoutes } from '../products';
import { registerCardDevRoutes } from './dev-routes';
import { IssuerEvents } from './events';
import { registerCardJobs } from './jobs';
import { registerCardRoutes } from './routes';
import { CardsService } from './service';
import { registerIssuerWebhook } from './webhook';

export { CARD_JOBS, CARD_LIMITS, referralDedupeKey } from './limits';
export { allowedActions, CARD_TRANSITIONS, checkAction, transition, type CardEvent } from './status-machine';
export { CardsService } from './service';

export interface CardsModuleOptions {
  db: Db;
  clock: Clock;
  config: Config;
  /** The issuer integration; default: the sandbox with SANDBOX on, otherwise none (card issue refused). */
  issuer?: CardIssuer;
  /** Environment for CARD_ISSUER_SANDBOX_KEY / CARD_ISSUER_SANDBOX_DELAY_MS (default process.env). */
  env?: Record<string, string | undefined>;
}

const sandboxDelay = (raw: string | undefined): number => {
  if (!raw?.trim()) return DEFAULT_SANDBOX_DELAY_MS;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 600_000) throw new Error(`CARD_ISSUER_SANDBOX_DELAY_MS must be an integer 0..600000, got "${raw}"`);
  return n;
};

export const registerCardsModule = async (app: FastifyInstance, options: CardsModuleOptions): Promise<{ cards: CardsService; issuer: CardIssuer }> => {
  const { db, clock, config, env = process.env } = options;
  const registry = appJobRegistry(app);
  const sandbox =
    !options.issuer && config.adapters.cardIssuer.adapter === 'sandbox'
      ? new SandboxCardIssuer({
          db,
          clock,
          registry,
          atRestKey: sandboxAtRestKey(env.CARD_ISSUER_SANDBOX_KEY?.trim() || undefined, config.jwtSecret),
          defaultDelayMs: sandboxDelay(env.CARD_ISSUER_SANDBOX_DELAY_MS),
          log: app.log,
        })
      : null;
  const issuer: CardIssuer = options.issuer ?? sandbox ?? new UnconfiguredCardIssuer();
  if (!issuer.available) app.log.warn('No card issuer is configured: card products are listed, but issuing a card is refused.');

  const events = new IssuerEvents(db, clock, app.log);
  issuer.setEventHandler(events.handle);
  registerCardJobs(registry, { db, clock, issuer });

  // The limits GET /api/config publishes (config module, CARDS_MAX_PER_USER / CARDS_SENSITIVE_TTL_SECONDS), when registered.
  const limits = app.hasDecorator('walletModules') ? app.walletModules.settings.cards : undefined;
  const cards = new CardsService({ db, clock, issuer, limits });
  registerProductRoutes(app, new ProductsService(db));
  registerCardRoutes(app, cards);
  await registerIssuerWebhook(app, issuer, events.handle);
  if (sandbox) registerCardDevRoutes(app, { db, sandbox, cards });
  return { cards, issuer };
};
