import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { defineEndpoint } from '@/shared/contract/core';
import { route } from '../../http/route';
import { retireQuotes } from '../../modules/exchange';
import type { SandboxRateProvider } from '../rates';

/** Sandbox control of the rate provider (not part of the app's contract). */
const devRateProvider = defineEndpoint({
  id: 'dev.exchangeRateProvider',
  method: 'POST',
  path: '/api/dev/exchange/rate-provider',
  auth: 'none',
  tag: 'dev',
  summary: 'Sandbox: switch the exchange-rate provider on or off (off also withdraws the current quotes unless retireQuotes is false).',
  body: z.strictObject({ available: z.boolean(), retireQuotes: z.optional(z.boolean()) }),
  response: z.object({ available: z.boolean(), retiredQuotes: z.int() }),
});

export const registerExchangeDevRoutes = (app: FastifyInstance, deps: { rates: SandboxRateProvider }): void => {
  route(app, devRateProvider, async ({ body, db, clock }) => {
    await deps.rates.setAvailable(body.available);
    const retiredQuotes = !body.available && body.retireQuotes !== false ? await retireQuotes(db, clock) : 0;
    return { available: body.available, retiredQuotes };
  });
};
