import type { FastifyInstance } from 'fastify';
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
import { readIdempotencyKey } from '../../http/idempotency';
import { route } from '../../http/route';
import { requestLanguage } from '../products';
import type { CardsService } from './service';

export const registerCardRoutes = (app: FastifyInstance, cards: CardsService): void => {
  route(app, cardsList, ({ requireUser, query, request }) => cards.list(requireUser().userId, query, requestLanguage(request)));
  route(app, cardsCreate, ({ requireUser, body, request }) =>
    cards.create(requireUser().userId, body, readIdempotencyKey(request), requestLanguage(request)),
  );
  route(app, cardsGet, ({ requireUser, params, request }) => cards.get(requireUser().userId, params.id, requestLanguage(request)));
  route(app, cardsBalance, ({ requireUser, params }) => cards.balance(requireUser().userId, params.id));
  route(app, cardsTrades, ({ requireUser, params, query }) => cards.trades(requireUser().userId, params.card_id, query));
  route(app, cardsTransactions, ({ requireUser, params, query }) => cards.transactions(requireUser().userId, params.id, query));
  route(app, cardsActivate, ({ requireUser, body, request }) => cards.activate(requireUser().userId, body, requestLanguage(request)));
  route(app, cardsUpdateStatus, ({ requireUser, params, body, request }) =>
    cards.updateStatus(requireUser().userId, params.id, body.action, requestLanguage(request)),
  );
  // The body (a public key) and the answer (ciphertext) are never logged: Fastify logs neither by default.
  route(app, cardsSensitive, ({ requireUser, body, request }) => cards.revealSensitive(requireUser().userId, body, request.ip ?? null));
  route(app, cardsTopUp, ({ requireUser, params, body, request }) =>
    cards.topUp(requireUser().userId, params.id, body, readIdempotencyKey(request), requestLanguage(request)),
  );
};
