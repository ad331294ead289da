/** Endpoints used only by the transport's own tests (shapes like SPEC §7 calls). */
import * as z from 'zod/mini';
import { defineEndpoint } from '@/shared/contract';

export const testWallet = defineEndpoint({
  id: 'test.wallet',
  method: 'GET',
  path: '/api/wallet',
  auth: 'bearer',
  tag: 'test',
  summary: 'test',
  query: z.object({ currency: z.optional(z.string()), limit: z.optional(z.number()) }),
  response: z.object({ balance: z.number() }),
});

export const testCard = defineEndpoint({
  id: 'test.card',
  method: 'GET',
  path: '/api/cards/{id}',
  auth: 'bearer',
  tag: 'test',
  summary: 'test',
  params: z.object({ id: z.string() }),
  response: z.object({ id: z.string() }),
});

export const testTopUp = defineEndpoint({
  id: 'test.topUp',
  method: 'POST',
  path: '/api/cards/{id}/topup',
  auth: 'bearer',
  idempotent: true,
  tag: 'test',
  summary: 'test',
  params: z.object({ id: z.string() }),
  body: z.object({ amount: z.number() }),
  response: z.object({ accepted: z.boolean() }),
});
