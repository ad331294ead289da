import type { FastifyInstance } from 'fastify';
import { configExchangeRates, walletExchange } from '@/shared/contract';
import { route } from '../../http/route';
import type { ExchangeService } from './service';

export const registerExchangeRoutes = (app: FastifyInstance, exchange: ExchangeService): void => {
  route(app, configExchangeRates, () => exchange.currentRates());
  route(
    app,
    walletExchange,
    ({ body, user, idempotencyKey, idempotency, db, session }) => exchange.exchange(user.userId, idempotencyKey, body, idempotency, { db, session }),
    { idempotency: 'in-transaction', session: 'with-first-query' },
  );
};
