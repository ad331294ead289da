/**
 * Cards: issue, activation, freeze/unfreeze, top-up, sensitive data, trades, lifecycle and controls (docs/cards.md
 * "Cards"). This file is the module's plugin (the module list mounts it, server/modules/index.ts): it wires the
 * issuer adapter, its events, webhook and jobs, and binds every card endpoint to its use case, one line each. The use
 * cases live one per file in service/ (each a function over one context: the module's deps and the request).
 */
import type { FastifyInstance } from 'fastify';
import { cardsDelivery, cardsLimits, cardsSetLimits } from '@/shared/contract/card-controls';
import { cardsArchive, cardsBlock, cardsClose, cardsReplace, cardsWithdraw } from '@/shared/contract/card-lifecycle';
import {
  cardsActivate,
  cardsBalance,
  cardsCreate,
  cardsGet,
  cardsList,
  cardsSensitive,
  cardsTopUp,
  cardsTrades,
  cardsTransactions,
  cardsUpdateStatus,
} from '@/shared/contract/cards';
import { UnconfiguredCardIssuer, type CardIssuer } from '../../adapters/card-issuer';
import { routesWith } from '../../http/route';
import { appJobRegistry } from '../../jobs';
import { defineModule, type ModuleDeps } from '../module';
import { IssuerEvents } from './events';
import { registerCardJobs } from './jobs';
import { activateCard } from './service/activate';
import { blockCard, closeCard } from './service/close';
import { getCardDelivery } from './service/delivery';
import { changeCardStatus } from './service/freeze';
import { listCardTransactions, listTrades } from './service/history';
import { issueCard } from './service/issue';
import { getCardLimits, setCardLimits } from './service/limits';
import { getCard, getCardBalance, listArchivedCards, listCards } from './service/read';
import { replaceCard } from './service/replace';
import { revealSensitive } from './service/reveal';
import type { CardsDeps } from './service/shared';
import { topUpCard } from './service/top-up';
import { withdrawFromCard } from './service/withdraw';
import type { CardsSettings } from './settings';
import { registerIssuerWebhook } from './webhook';

export { CARD_JOBS } from './limits';
export { allowedActions } from './status-machine';
export { tradeById } from './service/history';
export type { CardsSettings } from './settings';
export { toCardTransaction, toTrade, type CardTransactionRow, type TradeRow } from './service/history';
export { cardView } from './service/shared';
export { requestCardBlock } from './service/close';
export { cardNotFound, findCard, ownedCard, type CardRow, type TopupRow } from './store';

/** Every card endpoint and its use case. */
const registerCardRoutes = (app: FastifyInstance, deps: CardsDeps): void => {
  const bind = routesWith(app, deps);
  bind(cardsList, listCards, { session: 'with-first-query' });
  bind(cardsCreate, issueCard);
  bind(cardsGet, getCard);
  bind(cardsBalance, getCardBalance);
  bind(cardsTrades, listTrades);
  bind(cardsTransactions, listCardTransactions);
  bind(cardsActivate, activateCard);
  bind(cardsUpdateStatus, changeCardStatus);
  // The body (a public key) and the answer (ciphertext) are never logged: Fastify logs neither by default.
  bind(cardsSensitive, revealSensitive);
  // The key is claimed and its answer stored inside the top-up's own transaction (the issuer is called later, by a job).
  bind(cardsTopUp, topUpCard, { idempotency: 'in-transaction' });
  // Card lifecycle (issue #14).
  bind(cardsArchive, listArchivedCards);
  bind(cardsClose, closeCard);
  bind(cardsBlock, blockCard);
  bind(cardsReplace, replaceCard);
  bind(cardsWithdraw, withdrawFromCard);
  // Card controls: spending limits and the delivery of a physical card.
  bind(cardsLimits, getCardLimits);
  bind(cardsSetLimits, setCardLimits);
  bind(cardsDelivery, getCardDelivery);
};

/**
 * The issuer the configuration chose (`adapters.cardIssuer`, server/outside-world.ts; none: card issue refused), its
 * events, webhook and jobs, and the card routes.
 */
const registerCards = async (app: FastifyInstance, { db, clock, adapters, monitor }: ModuleDeps, settings: CardsSettings): Promise<void> => {
  const registry = appJobRegistry(app);
  const issuer: CardIssuer = adapters.cardIssuer ?? new UnconfiguredCardIssuer();
  if (!issuer.available) app.log.warn('No card issuer is configured: card products are listed, but issuing a card is refused.');

  const events = new IssuerEvents(db, clock, app.log, monitor);
  issuer.setEventHandler(events.handle);
  registerCardJobs(registry, { db, clock, issuer });

  registerCardRoutes(app, { db, clock, issuer, limits: settings.limits });
  await registerIssuerWebhook(app, issuer, events.handle);
};

export const cardsModule = defineModule<CardsSettings>({ name: 'cards', register: registerCards });
