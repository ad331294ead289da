/** Helpers of the cards and jobs tests (tests/server/{jobs,cards,products,card-*}.test.ts). */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Currency } from '@/shared/contract/core';
import type { Db } from '../../server/db/db';
import { appJobRegistry, startWorker, type Worker, type WorkerOptions } from '../../server/jobs';
import { checkLedger, getSystemAccount, getWalletAccount, postTransaction, balanceOf, accountIds } from '../../server/modules/ledger';
import { createTestApp, signUp, uniqueEmail, type TestApp } from './harness';

/**
 * Gives every user (by bearer token) its own client IP, and unauthenticated calls random ones, so the
 * global per-IP rate limit (600/min) counts per simulated client as in real life, not for the whole file.
 */
export const spreadClientIps = (t: TestApp): void => {
  const original = t.call.bind(t);
  const ipFor = (seed: string) => {
    const bytes = createHash('sha256').update(seed).digest();
    return `10.${bytes[0]}.${bytes[1]}.${(bytes[2]! % 250) + 1}`;
  };
  t.call = (options) => {
    const auth = (options.headers as Record<string, string> | undefined)?.authorization;
    return original({ remoteAddress: ipFor(auth ?? randomUUID()), ...options });
  };
};

export interface TestUser {
  id: string;
  email: string;
  token: string;
  refreshToken: string;
  headers: Record<string, string>;
}

/** Signs up through the API; `verification` sets the account state through the sandbox control. */
export const newUser = async (
  t: TestApp,
  options: { verification?: 'verified' | 'under_verification' | 'verification_failed'; promoCode?: string; firstName?: string; lastName?: string } = {},
): Promise<TestUser> => {
  const email = uniqueEmail('cards');
  const extra: Record<string, unknown> = {};
  if (options.promoCode) extra.promoCode = options.promoCode;
  if (options.firstName) extra.firstName = options.firstName;
  if (options.lastName) extra.lastName = options.lastName;
  const signed = await signUp(t, email, extra);
  const verification = options.verification ?? 'verified';
  if (verification !== 'under_verification') {
    const res = await t.call({ method: 'POST', url: '/api/dev/users/verification', payload: { email, status: verification } });
    if (res.status !== 200) throw new Error(`set verification failed: ${JSON.stringify(res.body)}`);
  }
  return {
    id: signed.user.id,
    email,
    token: signed.accessToken,
    refreshToken: signed.refreshToken,
    headers: { authorization: `Bearer ${signed.accessToken}` },
  };
};

/** New tokens for a user whose access token expired (the test clock moved); updates `user` in place. */
export const refreshSessionOf = async (t: TestApp, user: TestUser): Promise<void> => {
  const res = await t.call({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: user.refreshToken } });
  if (res.status !== 200) throw new Error(`refresh failed: ${JSON.stringify(res.body)}`);
  user.token = res.body.data.accessToken;
  user.refreshToken = res.body.data.refreshToken;
  user.headers = { authorization: `Bearer ${user.token}` };
};

/** Credits the user's wallet as a USDT deposit (USD) or an SBP payment (RUB) would: balanced, clearing → wallet. */
export const fundWallet = async (db: Db, userId: string, amount: number, currency: Currency = 'USD'): Promise<void> => {
  await db.tx(async (q) => {
    const wallet = await getWalletAccount(q, userId, currency);
    const clearing = await getSystemAccount(q, currency === 'RUB' ? 'sbp_clearing' : 'usdt_clearing', currency);
    const ref = randomUUID().replaceAll('-', '');
    await postTransaction(q, {
      type: currency === 'RUB' ? 'sbpTopup' : 'usdtDeposit',
      userId,
      idempotencyKey: `test-fund:${ref}`,
      details:
        currency === 'RUB'
          ? { paymentId: `sbp_${ref}`, orderId: ref.slice(0, 12), invoiceId: null }
          : { network: 'TRON', txHash: ref, usdtAmount: `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}0000`, confirmations: 20 },
      entries: [
        { accountId: wallet.id, amount },
        { accountId: clearing.id, amount: -amount },
      ],
    });
  });
};

export const walletBalance = (db: Db, userId: string, currency: Currency = 'USD') => balanceOf(db, accountIds.wallet(userId, currency));
export const cardAccountBalance = (db: Db, cardId: string) => balanceOf(db, accountIds.card(cardId));

/** A polling worker on the test app's database and job registry, fast settings for tests. */
export const startTestWorker = (t: { db: Db; app: TestApp['app'] }, options: WorkerOptions = {}): Worker =>
  startWorker(t.db, {
    registry: appJobRegistry(t.app),
    pollMs: 10,
    leaseMs: 5_000,
    backoffBaseMs: 5,
    backoffMaxMs: 20,
    concurrency: 4,
    ...options,
  });

/** Polls `read` until `done(value)` holds; fails with the last value after `timeoutMs`. */
export const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000, label = 'condition'): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  let last: T;
  for (;;) {
    last = await read();
    if (done(last)) return last;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}; last value: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

export const setIssuerMode = async (t: TestApp, body: Record<string, unknown>) => {
  const res = await t.call({ method: 'POST', url: '/api/dev/card-issuer/mode', payload: body });
  if (res.status !== 200) throw new Error(`issuer mode: ${JSON.stringify(res.body)}`);
  return res.body.data;
};

/**
 * Registers this file's beforeAll (a fresh app with spread client IPs and an issuer answering without delay) and
 * afterAll (closes it); `receive` gets the app once it exists: `useCardsApp((app) => (t = app));`.
 */
export const useCardsApp = (receive: (t: TestApp) => void): void => {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    spreadClientIps(app);
    await setIssuerMode(app, { delayMs: 0 });
    receive(app);
  });
  afterAll(() => app?.close());
};

/** A delivery address that passes the contract (physical orders need one; card controls). */
export const TEST_DELIVERY_ADDRESS = { country: 'RU', recipient: 'Ada Lovelace', line1: 'ul. Tverskaya, 1, kv. 5', city: 'Moscow', postcode: '125009' } as const;

/** POST /api/cards; a physical product's order gets TEST_DELIVERY_ADDRESS unless the body says otherwise. */
export const createCard = (t: TestApp, user: TestUser, body: Record<string, unknown>, key: string = randomUUID()) =>
  t.call({
    method: 'POST',
    url: '/api/cards',
    payload: String(body.productId).includes('physical') && !('deliveryAddress' in body) ? { ...body, deliveryAddress: TEST_DELIVERY_ADDRESS } : body,
    headers: { ...user.headers, 'idempotency-key': key },
  });

export const getCard = async (t: TestApp, user: TestUser, cardId: string) => {
  const res = await t.call({ method: 'GET', url: `/api/cards/${cardId}`, headers: user.headers });
  if (res.status !== 200) throw new Error(`get card: ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; status: string; statusReason: string | null; balance: { amount: number }; allowedActions: string[]; last4: string | null };
};

export const waitForCardStatus = (t: TestApp, user: TestUser, cardId: string, status: string | string[], timeoutMs = 15_000) =>
  waitFor(
    () => getCard(t, user, cardId),
    (card) => (Array.isArray(status) ? status.includes(card.status) : card.status === status),
    timeoutMs,
    `card ${cardId} → ${String(status)}`,
  );

export const expectLedgerBalanced = async (db: Db): Promise<void> => {
  const check = await checkLedger(db);
  if (!check.ok) throw new Error(`ledger check failed: ${JSON.stringify(check)}`);
};
