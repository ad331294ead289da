import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { configExchangeRates, walletExchange } from '@/shared/contract';
import { defineEndpoint } from '@/shared/contract/core';
import { readIdempotencyKey } from '../../http/idempotency';
import { route } from '../../http/route';
import type { SandboxRateProvider } from './rate-provider';
import type { ExchangeService } from './service';

/** Sandbox control of the rate provider (not part of the app's contract). */
export const devRateProvider = defineEndpoint({
  id: 'dev.exchangeRateProvider',
  method: 'POST',
  path: '/api/dev/exchange/rate-provider',
  auth: 'none',
  tag: 'dev',
  summary: 'Sandbox: switch the exchange-rate provider on or off (off also withdraws the current quotes unless retireQuotes is false).',
  body: z.strictObject({ available: z.boolean(), retireQuotes: z.optional(z.boolean()) }),
  response: z.object({ available: z.boolean(), retiredQuotes: z.int() }),
});

export const registerExchangeRoutes = (
  app: FastifyInstance,
  exchange: ExchangeService,
  sandboxProvider: SandboxRateProvider | null,
): void => {
  route(app, configExchangeRates, () => exchange.currentRates());
  route(app, walletExchange, ({ body, requireUser, request }) =>
    exchange.exchange(requireUser().userId, readIdempotencyKey(request), body),
  );
  if (sandboxProvider) {
    route(app, devRateProvider, async ({ body }) => {
      await sandboxProvider.setAvailable(body.available);
      const retiredQuotes = !body.available && body.retireQuotes !== false ? await exchange.retireQuotes() : 0;
      return { available: body.available, retiredQuotes };
    });
  }
};
