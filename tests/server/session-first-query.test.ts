/**
 * Issue #13: the hot reads (GET /api/wallet, /api/wallet/transactions, /api/cards) and the exchange (its quote read) check
 * the request's session in the same statement as a read (route(..., { session: 'with-first-query' })). The rules are the access-token rules of every other call: an ended,
 * unknown or another user's session is answered 401 before anything else, even a validation error, and never with data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { walletExchange, walletSbpCreate } from '@/shared/contract';
import { route } from '../../server/http/route';
import { TokenService } from '../../server/modules/auth/tokens';
import { withSessionCheck } from '../../server/modules/auth/session-checked-db';
import { createTestApp, signUp, type TestApp } from './harness';
import { balances, depositUsdt, exchange, quote, verifiedUser } from './wallet-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.call({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const sessionId = (jwt: string) => (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string }).sid;
const READS = ['/api/wallet', '/api/cards', '/api/wallet/transactions'];

describe('reads that check the session with their own statement', () => {
  it.each(READS)('%s answers a live session with its data', async (url) => {
    const user = await signUp(t);
    const res = await get(url, user.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
  });

  it('an empty list is still an answer (the session row without data rows)', async () => {
    const user = await signUp(t);
    const res = await get('/api/cards', user.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.items).toEqual([]);
    expect(res.body.data.nextCursor ?? null).toBeNull();
  });

  it.each(READS)('%s refuses a signed-out session with 401 and no data', async (url) => {
    const user = await signUp(t);
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: user.refreshToken } })).status).toBe(200);
    const res = await get(url, user.accessToken);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: expect.objectContaining({ code: 'UNAUTHORIZED', message: 'This session has ended. Please sign in again.' }) });
    expect(res.body.data).toBeUndefined();
  });

  it('an ended session is answered 401 before its input is checked; a live one gets the validation error', async () => {
    const user = await signUp(t);
    const live = await get('/api/cards?limit=0', user.accessToken);
    expect(live.status).toBe(400);
    expect(live.body.error.code).toBe('VALIDATION_ERROR');
    await t.call({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: user.refreshToken } });
    const ended = await get('/api/cards?limit=0', user.accessToken);
    expect(ended.status).toBe(401);
    expect(ended.body.error.code).toBe('UNAUTHORIZED');
  });

  it.each(READS)('%s refuses a validly signed token that names another user’s session', async (url) => {
    const owner = await signUp(t);
    const intruder = await signUp(t);
    const tokens = new TokenService(t.db, t.clock, t.config.jwtSecret);
    const forged = await tokens.issueAccessToken(intruder.user.id, sessionId(owner.accessToken));
    const res = await get(url, forged);
    expect(res.status).toBe(401);
    expect(res.body.data).toBeUndefined();
  });

  it.each(READS)('%s refuses a token naming a session that never existed', async (url) => {
    const user = await signUp(t);
    const tokens = new TokenService(t.db, t.clock, t.config.jwtSecret);
    const res = await get(url, await tokens.issueAccessToken(user.user.id, '00000000-0000-4000-8000-000000000000'));
    expect(res.status).toBe(401);
  });

  it('records "last seen" as a separate check does (at most once a minute)', async () => {
    const user = await signUp(t);
    const sessions = async () =>
      (await get('/api/users/me/sessions', user.accessToken)).body.data.items as Array<{ current: boolean; lastSeenAt: string }>;
    const before = (await sessions()).find((s) => s.current)!.lastSeenAt;
    t.clock.advance(5 * 60);
    expect((await get('/api/wallet', user.accessToken)).status).toBe(200);
    const after = (await sessions()).find((s) => s.current)!.lastSeenAt;
    expect(new Date(after).getTime()).toBe(new Date(before).getTime() + 5 * 60_000);
  });
});

describe('the exchange: the session checked with its quote read', () => {
  it('a signed-out session is refused with 401: no claim on the key, no money moved', async () => {
    const user = await verifiedUser(t);
    await depositUsdt(t, user, 20);
    const q = await quote(t, user, 'USD', 'RUB');
    const before = await balances(t, user);
    const key = crypto.randomUUID();
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: user.refreshToken } })).status).toBe(200);
    const res = await exchange(t, user, { from: 'USD', to: 'RUB', amount: 1_000, quoteId: q.quoteId }, key);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
    expect(await t.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])).toEqual([]);
    const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transactions WHERE user_id = $1 AND type = $2', [
      user.userId,
      'currencyExchange',
    ]);
    expect(row!.n).toBe(0);
    expect(before.USD).toBeGreaterThan(0);
  });

  it('an ended session gets 401 even for an unknown quote or a malformed body', async () => {
    const user = await verifiedUser(t);
    await t.call({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: user.refreshToken } });
    expect((await exchange(t, user, { from: 'USD', to: 'RUB', amount: 1_000, quoteId: 'q_unknown' })).status).toBe(401);
    expect((await exchange(t, user, { from: 'USD', amount: 'lots' })).status).toBe(401);
  });
});

describe('which routes may check the session with the first query', () => {
  const noApp = {} as FastifyInstance;
  it('bearer reads and in-transaction writes only: a write that claims its key outside its transaction is refused at start-up', () => {
    expect(() => route(noApp, walletSbpCreate, () => ({}) as never, { session: 'with-first-query' })).toThrow(/in-transaction writes/);
    expect(() => route(noApp, walletExchange, () => ({}) as never, { session: 'with-first-query' })).toThrow(/in-transaction writes/);
  });
});

describe('withSessionCheck (the statement itself)', () => {
  it('keeps the read’s order, its own WITH clause and its LIMIT, and adds nothing to its rows', async () => {
    const user = await signUp(t);
    const read = `WITH numbers AS (SELECT g FROM generate_series(1, 500) g) SELECT g AS n, $1::text AS label FROM numbers ORDER BY g DESC LIMIT 300`;
    const rows = await t.db.query<Record<string, unknown>>(withSessionCheck(read, 2), ['x', sessionId(user.accessToken)]);
    expect(rows).toHaveLength(300);
    expect(rows.map((row) => row.n)).toEqual(Array.from({ length: 300 }, (_, i) => 500 - i));
    expect(rows[0]!.__session_user_id).toBe(user.user.id);
    expect(rows[0]!.label).toBe('x');
  });

  it('an unknown session gives no rows at all, however many the read has', async () => {
    const rows = await t.db.query(withSessionCheck('SELECT g FROM generate_series(1, 10) g', 1), ['00000000-0000-4000-8000-000000000000']);
    expect(rows).toEqual([]);
  });

  it('wraps each read once: the same read gets the same text back, another parameter position its own', () => {
    const read = 'SELECT g FROM generate_series(1, $1::int) g';
    expect(withSessionCheck(read, 2)).toBe(withSessionCheck(read, 2));
    expect(withSessionCheck(read, 3)).not.toBe(withSessionCheck(read, 2));
    expect(withSessionCheck(read, 3)).toContain('$3');
  });
});
