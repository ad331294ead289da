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
import { cardsArchive, cardsBlock, cardsClose, cardsReplace, cardsWithdraw } from '@/shared/contract/card-lifecycle';
import { readIdempotencyKey } from '../../http/idempotency';
import { route } from '../../http/route';
import { requestLanguage } from '../products';
import type { CardsService } from './service';

export const registerCardRoutes = (app: FastifyInstance, cards: CardsService): void => {
  route(app, cardsList, ({ requireUser, query, request, db }) => cards.list(requireUser().userId, query, requestLanguage(request), db), {
    session: 'with-first-query',
  });
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
  // The key is claimed and its answer stored inside the top-up's own transaction (the issuer is called later, by a job).
  route(
    app,
    cardsTopUp,
    ({ requireUser, params, body, request, idempotency }) => {
      const user = requireUser();
      return cards.topUp(user.userId, params.id, body, readIdempotencyKey(request), requestLanguage(request), idempotency, user.verified);
    },
    { idempotency: 'in-transaction' },
  );
  // Card lifecycle (issue #14).
  route(app, cardsArchive, ({ requireUser, query, request }) => cards.archive(requireUser().userId, query, requestLanguage(request)));
  route(app, cardsClose, ({ requireUser, params, request }) => cards.close(requireUser().userId, params.id, requestLanguage(request)));
  route(app, cardsBlock, ({ requireUser, params, body, request }) => cards.block(requireUser().userId, params.id, body.reason, requestLanguage(request)));
  route(app, cardsReplace, ({ requireUser, params, request }) =>
    cards.replace(requireUser().userId, params.id, readIdempotencyKey(request), requestLanguage(request)),
  );
  route(app, cardsWithdraw, ({ requireUser, params, body, request }) =>
    cards.withdraw(requireUser().userId, params.id, body, readIdempotencyKey(request), requestLanguage(request)),
  );
};
