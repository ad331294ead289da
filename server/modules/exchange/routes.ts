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
    ({ body, requireUser, request, idempotency }) => {
      const user = requireUser();
      return exchange.exchange(user.userId, readIdempotencyKey(request), body, idempotency, user.verified);
    },
    { idempotency: 'in-transaction' },
  );
};
