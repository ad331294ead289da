/**
 * Helpers of the wallet/exchange/SBP/USDT server tests: verified users, funding through the sandbox chain,
 * quotes, and running the jobs the sandbox acquirer enqueues.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { appJobRegistry, listJobs, runDueJobs } from '../../server/jobs';
import { createTestApp, signUp, type TestApp } from './harness';

export interface TestUser {
  userId: string;
  email: string;
  token: string;
  refreshToken: string;
  headers: Record<string, string>;
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** A signed-up user whose account is verified (money-moving calls are refused before that). */
export const verifiedUser = async (t: TestApp): Promise<TestUser> => {
  const { email, accessToken, refreshToken, user } = await signUp(t);
  const set = await t.call({ method: 'POST', url: '/api/dev/users/verification', payload: { email, status: 'verified' } });
  expect(set.status).toBe(200);
  return { userId: user.id, email, token: accessToken, refreshToken, headers: bearer(accessToken) };
};

/** The file's app and two verified users. */
export interface TwoUserWorld {
  t: TestApp;
  ann: TestUser;
  bob: TestUser;
}

/**
 * Registers this file's beforeAll (a fresh app, then `ann` and `bob`, both verified) and afterAll (closes the app);
 * `receive` gets them once they exist: `useTwoVerifiedUsers((w) => ({ t, ann, bob } = w));`.
 */
export const useTwoVerifiedUsers = (receive: (world: TwoUserWorld) => void): void => {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    const ann = await verifiedUser(app);
    const bob = await verifiedUser(app);
    // The world starts settled, the queue empty: the sandbox KYC provider's decisions on their checks (queued for
    // KYC_SANDBOX_DELAY_MS of real time: a slow run would find them due in the middle of a test) are made now, and the
    // notices of their verification (accountStatus) are sent.
    for (let round = 0; round < 5 && (await runJobs(app)) > 0; round++) {
      await app.db.query(`UPDATE jobs SET run_at = clock_timestamp() WHERE status = 'queued'`);
    }
    expect((await listJobs(app.db, { status: 'queued' })).map((job) => job.kind)).toEqual([]);
    receive({ t: app, ann, bob });
  });
  afterAll(() => app?.close());
};

/** New tokens after the test clock moved past the access token's 15 minutes (mutates `user`). */
export const refreshTokens = async (t: TestApp, user: TestUser): Promise<void> => {
  const res = await t.call({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: user.refreshToken } });
  expect(res.status).toBe(200);
  user.token = res.body.data.accessToken;
  user.refreshToken = res.body.data.refreshToken;
  user.headers = bearer(user.token);
};

export const getWallet = async (t: TestApp, user: TestUser) => {
  const res = await t.call({ method: 'GET', url: '/api/wallet', headers: user.headers });
  expect(res.status).toBe(200);
  return res.body.data as {
    balances: Array<{ currency: 'USD' | 'RUB'; available: { amount: number }; held: { amount: number } }>;
    usdtDepositTag: string;
  };
};

export const balances = async (t: TestApp, user: TestUser): Promise<{ USD: number; RUB: number }> => {
  const wallet = await getWallet(t, user);
  const of = (currency: 'USD' | 'RUB') => wallet.balances.find((b) => b.currency === currency)!.available.amount;
  return { USD: of('USD'), RUB: of('RUB') };
};

/** Sends `whole` USDT + the user's tag on the sandbox chain; returns the dev endpoint's answer. */
export const depositUsdt = async (t: TestApp, user: TestUser, whole: number, extra: { txHash?: string } = {}) => {
  const { usdtDepositTag } = await getWallet(t, user);
  const res = await t.call({ method: 'POST', url: '/api/dev/tron/transfers', payload: { amount: `${whole}.${usdtDepositTag}`, ...extra } });
  expect(res.status).toBe(200);
  return res.body.data as {
    transfer: { eventId: string; txHash: string; amount: string };
    outcome: { status: string; reason: string | null; transactionId: string | null; credited: { amount: number } | null };
  };
};

export const rawTransfer = async (t: TestApp, payload: Record<string, unknown>) => {
  const res = await t.call({ method: 'POST', url: '/api/dev/tron/transfers', payload });
  return res;
};

export type Rate = { from: 'USD' | 'RUB'; to: 'USD' | 'RUB'; rate: string; feeBps: number; quoteId: string; expiresAt: string };

export const getRates = async (t: TestApp, user: TestUser): Promise<Rate[]> => {
  const res = await t.call({ method: 'GET', url: '/api/config/exchange-rates', headers: user.headers });
  expect(res.status).toBe(200);
  return res.body.data.rates as Rate[];
};

export const quote = async (t: TestApp, user: TestUser, from: 'USD' | 'RUB', to: 'USD' | 'RUB'): Promise<Rate> =>
  (await getRates(t, user)).find((r) => r.from === from && r.to === to)!;

export const exchange = (t: TestApp, user: TestUser, body: unknown, key: string = randomUUID()) =>
  t.call({ method: 'POST', url: '/api/wallet/exchange', headers: { ...user.headers, 'idempotency-key': key }, payload: body as object });

export const createSbp = (t: TestApp, user: TestUser, body: unknown, key: string = randomUUID()) =>
  t.call({ method: 'POST', url: '/api/wallet/sbp', headers: { ...user.headers, 'idempotency-key': key }, payload: body as object });

/** Runs the queued jobs of this app (the sandbox acquirer's callbacks) now. */
export const runJobs = (t: TestApp): Promise<number> => runDueJobs(t.db, { registry: appJobRegistry(t.app) });

export const listTransactions = async (t: TestApp, user: TestUser, query = '') => {
  const res = await t.call({ method: 'GET', url: `/api/wallet/transactions${query}`, headers: user.headers });
  expect(res.status).toBe(200);
  return res.body.data as { items: Array<Record<string, any>>; nextCursor: string | null };
};
