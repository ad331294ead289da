/**
 * Cards: issue, activation, freeze/unfreeze, top-up, sensitive data, trades (docs/server.md "Cards and jobs").
 * `registerCardsModule` wires products, cards, the issuer adapter, its events and jobs into the app.
 */
import type { FastifyInstance } from 'fastify';
import { UnconfiguredCardIssuer, type CardIssuer } from '../../adapters/card-issuer';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { appJobRegistry } from '../../jobs';
import { ProductsService, registerProductRoutes } from '../products';
import { IssuerEvents } from './events';
import { registerCardJobs } from './jobs';
import { registerCardRoutes } from './routes';
import { CardsService } from './service';

export { CARD_JOBS, CARD_LIMITS, referralDedupeKey } from './limits';
export { allowedActions, CARD_TRANSITIONS, checkAction, transition, type CardEvent } from './status-machine';
export { CardsService } from './service';

export interface CardsModuleOptions {
  db: Db;
  clock: Clock;
  /** The card settings are `config.cards` (server/config/cards.ts). */
  config: Config;
  /** The issuer integration (the sandbox's with SANDBOX on: server/sandbox); default: none (card issue refused). */
  issuer?: CardIssuer;
}

export const registerCardsModule = (app: FastifyInstance, options: CardsModuleOptions): { cards: CardsService; issuer: CardIssuer } => {
  const { db, clock } = options;
  const registry = appJobRegistry(app);
  const issuer: CardIssuer = options.issuer ?? new UnconfiguredCardIssuer();
  if (!issuer.available) app.log.warn('No card issuer is configured: card products are listed, but issuing a card is refused.');

  const events = new IssuerEvents(db, clock, app.log);
  issuer.setEventHandler(events.handle);
  registerCardJobs(registry, { db, clock, issuer });

  // The limits GET /api/config publishes (config module, CARDS_MAX_PER_USER / CARDS_SENSITIVE_TTL_SECONDS), when registered.
  const limits = app.hasDecorator('walletModules') ? app.walletModules.settings.cards : undefined;
  const cards = new CardsService({ db, clock, issuer, limits });
  registerProductRoutes(app, new ProductsService(db));
  registerCardRoutes(app, cards);
  return { cards, issuer };
};
