/**
 * One verification guard (server/modules/users/verification-guard.ts) for every money call: the same code, status
 * and message per account state, whichever module answers (SPEC §1, §8; docs/server.md "Verification guard").
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundWallet, newUser, spreadClientIps, type TestUser } from './card-helpers';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  spreadClientIps(t);
});
afterAll(() => t.close());

const UNDER_VERIFICATION = 'Your account is under verification; this operation is available once it is verified.';
const FAILED = 'Account verification failed. Please contact support to resolve this issue.'; // SPEC §8, verbatim

/** Every money-moving or card-exposing call, each as the user would send it (an unknown card id where one is needed). */
const moneyCalls = (user: TestUser) => {
  const send = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
    t.call({ method, url, headers: { ...user.headers, 'idempotency-key': randomUUID() }, payload });
  const post = (url: string, payload: Record<string, unknown>) => send('POST', url, payload);
  const cardId = 'crd_0000000000000000000000';
  return {
    'wallet SBP': () => post('/api/wallet/sbp', { amount: 150_000 }),
    exchange: () => post('/api/wallet/exchange', { from: 'USD', to: 'RUB', amount: 1_000, quoteId: 'q_unknown' }),
    'card issue': () => post('/api/cards', { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 }),
    'card top-up': () => post(`/api/cards/${cardId}/topup`, { amount: 10_00 }),
    'card activation': () => post('/api/cards/activate', { cardId, activationCode: '123456' }),
    'card unfreeze': () => send('PATCH', `/api/cards/${cardId}/status`, { action: 'unfreeze' }),
  };
};

describe('one verification guard for every money call', () => {
  for (const [state, code, message] of [
    ['under_verification', 'ACCOUNT_UNDER_VERIFICATION', UNDER_VERIFICATION],
    ['verification_failed', 'ACCOUNT_VERIFICATION_FAILED', FAILED],
  ] as const) {
    it(`${state}: 403 ${code} with one message from every module`, async () => {
      const user = await newUser(t, { verification: state });
      await fundWallet(t.db, user.id, 100_00);
      for (const [name, call] of Object.entries(moneyCalls(user))) {
        const res = await call();
        expect({ name, status: res.status, error: res.body.error }).toEqual({ name, status: 403, error: { service: 'api', code, message } });
      }
    });
  }
});

describe('the verification seen with the session is read per request, never remembered', () => {
  it('a verified account whose verification then fails is refused on its very next money call, with the same token', async () => {
    const user = await newUser(t, { verification: 'verified' });
    await fundWallet(t.db, user.id, 100_00);
    const exchange = moneyCalls(user).exchange;
    expect((await exchange()).body.error.code).toBe('QUOTE_MISMATCH'); // past the guard (an unknown quote)
    const set = await t.call({ method: 'POST', url: '/api/dev/users/verification', payload: { email: user.email, status: 'verification_failed' } });
    expect(set.status).toBe(200);
    for (const [name, call] of Object.entries(moneyCalls(user))) {
      const res = await call();
      expect({ name, status: res.status, code: res.body.error?.code }).toEqual({ name, status: 403, code: 'ACCOUNT_VERIFICATION_FAILED' });
    }
  });
});
