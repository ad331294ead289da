/**
 * One verification guard (server/modules/users/verification-guard.ts) for every money call: the same code, status
 * and message per account state, whichever module answers (SPEC §1, §8; docs/auth.md "Verification guard").
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList } from '@/shared/contract';
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

const cardId = 'crd_0000000000000000000000';
const validKey = { kty: 'EC', crv: 'P-256', x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU', y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0' };
/**
 * A request per endpoint whose contract requires `verified` (a money-moving or card-exposing call), as the user would
 * send it (an unknown card id where one is needed). Keyed by endpoint id: the test below fails when an endpoint declares
 * the guard and has no request here, or has one here and no longer declares it.
 */
const guardedRequests: Record<string, { method: 'POST' | 'PATCH'; url: string; payload: Record<string, unknown> }> = {
  'wallet.sbpCreate': { method: 'POST', url: '/api/wallet/sbp', payload: { amount: 150_000 } },
  'wallet.exchange': { method: 'POST', url: '/api/wallet/exchange', payload: { from: 'USD', to: 'RUB', amount: 1_000, quoteId: 'q_unknown' } },
  'cards.create': { method: 'POST', url: '/api/cards', payload: { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 } },
  'cards.topUp': { method: 'POST', url: `/api/cards/${cardId}/topup`, payload: { amount: 10_00 } },
  'cards.activate': { method: 'POST', url: '/api/cards/activate', payload: { cardId, activationCode: '123456' } },
  'cards.updateStatus': { method: 'PATCH', url: `/api/cards/${cardId}/status`, payload: { action: 'unfreeze' } },
  'cards.replace': { method: 'POST', url: `/api/cards/${cardId}/replace`, payload: {} },
  'cards.withdraw': { method: 'POST', url: `/api/cards/${cardId}/withdraw`, payload: { amount: 1_00 } },
  'cards.sensitive': { method: 'POST', url: '/api/cards/sensitive', payload: { cardId, publicKey: validKey } },
  'transfers.findRecipient': { method: 'POST', url: '/api/transfers/recipient', payload: { username: 'somebody' } },
  'transfers.send': { method: 'POST', url: '/api/transfers', payload: { payCode: 'AAAAAAAAAA', amount: { amount: 1_00, currency: 'USD' } } },
  'transfers.contactPicker': { method: 'POST', url: '/api/transfers/contact-picker', payload: {} },
  'withdrawals.addAddress': { method: 'POST', url: '/api/withdrawals/addresses', payload: { address: 'TCNtTa1rveKkovHR2ebABu4K66U6ocUCZX', label: 'x' } },
  'withdrawals.sendCode': { method: 'POST', url: '/api/withdrawals/email-code', payload: {} },
  'withdrawals.usdt': { method: 'POST', url: '/api/withdrawals/usdt', payload: { addressId: 'wad_x', amount: 10_00, fee: { amount: 100, currency: 'USD' }, code: '123456' } },
  'withdrawals.sbp': { method: 'POST', url: '/api/withdrawals/sbp', payload: { bankId: '100000000111', amount: 100_00, fee: { amount: 0, currency: 'RUB' }, code: '123456' } },
};

/** Every guarded call, each as the user would send it. */
const moneyCalls = (user: TestUser) =>
  Object.fromEntries(
    Object.entries(guardedRequests).map(([id, request]) => [
      id,
      () => t.call({ ...request, headers: { ...user.headers, 'idempotency-key': randomUUID() } }),
    ]),
  );

describe('the guard is declared in the contract', () => {
  it('every endpoint that requires `verified` has a request here, and only those', () => {
    const declared = endpointList
      .filter((endpoint) => (endpoint.requires ?? []).some((r) => (typeof r === 'string' ? r : r.guard) === 'verified'))
      .map((endpoint) => endpoint.id)
      .sort();
    expect(declared).toEqual(Object.keys(guardedRequests).sort());
  });

  it('a conditional guard applies only to the requests it picks: an unverified owner may still freeze', async () => {
    const user = await newUser(t, { verification: 'under_verification' });
    const res = await t.call({ method: 'PATCH', url: `/api/cards/${cardId}/status`, headers: { ...user.headers, 'idempotency-key': randomUUID() }, payload: { action: 'freeze' } });
    expect(res.body.error.code).toBe('CARD_NOT_FOUND'); // past the guard: an unknown card
  });
});

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
    const exchange = moneyCalls(user)['wallet.exchange']!;
    expect((await exchange()).body.error.code).toBe('QUOTE_MISMATCH'); // past the guard (an unknown quote)
    const set = await t.call({ method: 'POST', url: '/api/dev/users/verification', payload: { email: user.email, status: 'verification_failed' } });
    expect(set.status).toBe(200);
    for (const [name, call] of Object.entries(moneyCalls(user))) {
      const res = await call();
      expect({ name, status: res.status, code: res.body.error?.code }).toEqual({ name, status: 403, code: 'ACCOUNT_VERIFICATION_FAILED' });
    }
  });
});

describe('a frozen account (docs/ops.md "Freezing an account")', () => {
  it('verified and frozen: every money call is refused with ACCOUNT_FROZEN and the reason, with the same token; unfrozen, it passes again', async () => {
    const user = await newUser(t, { verification: 'verified' });
    await fundWallet(t.db, user.id, 100_00);
    const exchange = moneyCalls(user)['wallet.exchange']!;
    expect((await exchange()).body.error.code).toBe('QUOTE_MISMATCH'); // past the guard: the session saw it verified
    await t.db.query(`UPDATE users SET frozen_at = now(), frozen_reason = 'legal_order' WHERE id = $1`, [user.id]);
    for (const [name, call] of Object.entries(moneyCalls(user))) {
      const res = await call();
      expect({ name, status: res.status, error: res.body.error }).toEqual({
        name,
        status: 403,
        error: { service: 'api', code: 'ACCOUNT_FROZEN', message: 'Your account is frozen: no money can leave it. Please contact support.', details: { freezeReason: 'legal_order' } },
      });
    }
    await t.db.query('UPDATE users SET frozen_at = NULL, frozen_reason = NULL WHERE id = $1', [user.id]);
    expect((await exchange()).body.error.code).toBe('QUOTE_MISMATCH');
  });

  it('under verification and frozen: the freeze is what the user is told', async () => {
    const user = await newUser(t, { verification: 'under_verification' });
    await t.db.query(`UPDATE users SET frozen_at = now(), frozen_reason = 'compliance_review' WHERE id = $1`, [user.id]);
    const res = await moneyCalls(user)['wallet.sbpCreate']!();
    expect(res.body.error).toMatchObject({ code: 'ACCOUNT_FROZEN', details: { freezeReason: 'compliance_review' } });
  });
});
