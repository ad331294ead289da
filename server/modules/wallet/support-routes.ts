import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { defineEndpoint, Timestamp } from '@/shared/contract/core';
import { USDT_HOLD_REASONS } from '@/shared/contract/errors';
import { httpErrors } from '../../http/errors';
import { bearerToken } from '../../http/headers';
import { route } from '../../http/route';
import type { UsdtDepositWatcher } from './usdt-watcher';

// ── Support-only endpoints: enabled by SUPPORT_TOKEN (docs/wallet.md "Support"), not part of the app's contract.
// No user role: a separate bearer token that only support's tools hold (scripts/support/parked-deposits.ts).

const SupportParkedDeposit = z.object({
  id: z.number(),
  txHash: z.string(),
  from: z.nullable(z.string()),
  /** Exact on-chain amount, 6 decimals ("100.500000"). */
  amount: z.string(),
  /** The same in micro-USDT (integer). */
  amountMicro: z.number(),
  reason: z.enum(USDT_HOLD_REASONS),
  /** The user it was attributed to (shown to them as held for review), or null. */
  candidateUserId: z.nullable(z.string()),
  attribution: z.nullable(z.enum(['tag', 'sender'])),
  createdAt: Timestamp,
  resolvedAt: z.nullable(Timestamp),
});

const supportParkedDeposits = defineEndpoint({
  id: 'support.parkedDeposits',
  method: 'GET',
  path: '/api/support/parked-deposits',
  auth: 'none',
  tag: 'support',
  summary: 'Support (SUPPORT_TOKEN bearer): every USDT transfer to the deposit address that was not credited automatically, newest first.',
  query: z.object({
    limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(500))),
    /** `nextCursor` of the previous page. */
    cursor: z.optional(z.string().check(z.regex(/^\d{1,18}$/))),
  }),
  response: z.object({ items: z.array(SupportParkedDeposit), nextCursor: z.nullable(z.string()) }),
});

const sameToken = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const requireSupport = (request: FastifyRequest, token: string): void => {
  const given = bearerToken(request);
  if (!sameToken(given, token)) throw httpErrors.unauthorized('A valid support token is required.');
};

/** Registers the support listing when a support token is configured (without one the route does not exist: 404). */
export const registerWalletSupportRoutes = (app: FastifyInstance, deps: { token: string | undefined; watcher: UsdtDepositWatcher }): void => {
  const { token, watcher } = deps;
  if (!token) return;
  route(app, supportParkedDeposits, async ({ request, query }) => {
    requireSupport(request, token);
    const limit = query.limit ?? 100;
    const rows = await watcher.listUnmatched(limit + 1, query.cursor ? Number(query.cursor) : null);
    const page = rows.slice(0, limit);
    return {
      items: page.map((item) => ({ ...item, createdAt: item.createdAt.toISOString(), resolvedAt: item.resolvedAt?.toISOString() ?? null })),
      nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null,
    };
  });
};
