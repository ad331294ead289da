/**
 * Cards: issue, activation, freeze/unfreeze, top-up, sensitive data, trades (docs/server.md "Cards and jobs").
 * `cardsModule` (a plugin of the module list, server/modules/index.ts) wires the issuer adapter, its events and jobs.
 */
import type { FastifyInstance } from 'fastify';
import { UnconfiguredCardIssuer, type CardIssuer } from '../../adapters/card-issuer';
import { appJobRegistry } from '../../jobs';
import { defineModule, type ModuleDeps } from '../module';
import { IssuerEvents } from './events';
import { registerCardJobs } from './jobs';
import { registerCardControlRoutes } from './controls-routes';
import { registerCardRoutes } from './routes';
import { CardsService } from './service';
import type { CardsSettings } from './settings';
import { registerIssuerWebhook } from './webhook';

export { CARD_JOBS, CARD_LIMITS, referralDedupeKey } from './limits';
export { allowedActions, CARD_TRANSITIONS, checkAction, transition, type CardEvent } from './status-machine';
export { CardsService } from './service';
export type { CardsSettings } from './settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** The cards service of this app (tests, the sandbox's dev controls). */
    cards: CardsService;
  }
}

/**
 * The issuer the configuration chose (`adapters.cardIssuer`, server/outside-world.ts; none: card issue refused), its
 * events, webhook and jobs, and the card routes.
 */
const registerCards = async (app: FastifyInstance, { db, clock, adapters }: ModuleDeps, settings: CardsSettings): Promise<void> => {
  const registry = appJobRegistry(app);
  const issuer: CardIssuer = adapters.cardIssuer ?? new UnconfiguredCardIssuer();
  if (!issuer.available) app.log.warn('No card issuer is configured: card products are listed, but issuing a card is refused.');

  const events = new IssuerEvents(db, clock, app.log);
  issuer.setEventHandler(events.handle);
  registerCardJobs(registry, { db, clock, issuer });

  const cards = new CardsService({ db, clock, issuer, limits: settings.limits });
  registerCardRoutes(app, cards);
  registerCardControlRoutes(app, { db, clock, issuer, limits: settings.limits });
  await registerIssuerWebhook(app, issuer, events.handle);
  app.decorate('cards', cards);
};

export const cardsModule = defineModule<CardsSettings>({ name: 'cards', register: registerCards });
