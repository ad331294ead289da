import type { FastifyInstance } from 'fastify';
import { configExchangeRates, walletExchange } from '@/shared/contract';
import { readIdempotencyKey } from '../../http/idempotency';
import { route } from '../../http/route';
import type { ExchangeService } from './service';

export const registerExchangeRoutes = (app: FastifyInstance, exchange: ExchangeService): void => {
  route(app, configExchangeRates, () => exchange.currentRates());
  route(
    app,
    walletExchange,
    ({ body, requireUser, request, idempotency, db, session }) =>
      exchange.exchange(requireUser().userId, readIdempotencyKey(request), body, idempotency, { db, session }),
    { idempotency: 'in-transaction', session: 'with-first-query' },
  );
};
