import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './harness';
import { depositUsdt, exchange, getWallet, listTransactions, quote, useTwoVerifiedUsers, type TestUser } from './wallet-support';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
useTwoVerifiedUsers((w) => ({ t, ann, bob } = w));

const allPages = async (user: TestUser, query: string, limit: number) => {
  const seen: Array<Record<string, any>> = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const page = await listTransactions(t, user, `?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return seen;
};

describe('GET /api/wallet', () => {
  it('answers zero balances in USD then RUB and the permanent deposit tag for a new user', async () => {
    const wallet = await getWallet(t, bob);
    expect(wallet.balances).toEqual([
      { currency: 'USD', available: { amount: 0, currency: 'USD' }, held: { amount: 0, currency: 'USD' } },
      { currency: 'RUB', available: { amount: 0, currency: 'RUB' }, held: { amount: 0, currency: 'RUB' } },
    ]);
    expect(wallet.usdtDepositTag).toMatch(/^\d{4}(?!00)\d{2}$/);
  });

  it('needs a bearer token', async () => {
    expect((await t.call({ method: 'GET', url: '/api/wallet' })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/wallet/transactions' })).status).toBe(401);
  });
});

describe('GET /api/wallet/transactions', () => {
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) {
      await depositUsdt(t, ann, 20 + i);
      t.clock.advance(1);
    }
    for (let i = 0; i < 3; i++) {
      const q = await quote(t, ann, 'USD', 'RUB');
      expect((await exchange(t, ann, { from: 'USD', to: 'RUB', amount: 1_000 + i, quoteId: q.quoteId })).status).toBe(200);
    }
    // Several at the very same instant: the id breaks the tie.
    for (let i = 0; i < 3; i++) await depositUsdt(t, ann, 30 + i);
  });

  it('lists newest first with every field the contract has', async () => {
    const { items, nextCursor } = await listTransactions(t, ann, '?limit=100');
    expect(items).toHaveLength(11);
    expect(nextCursor).toBeNull();
    const times = items.map((i) => Date.parse(i.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(
        ['amount', 'createdAt', 'details', 'direction', 'failureCode', 'finishedAt', 'id', 'reference', 'status', 'type'].sort(),
      );
    }
  });

  it('pages with a cursor: every transaction exactly once, same order as one big page', async () => {
    const everything = (await listTransactions(t, ann, '?limit=100')).items.map((i) => i.id);
    for (const limit of [1, 3, 4]) {
      const paged = (await allPages(ann, '', limit)).map((i) => i.id);
      expect(paged).toEqual(everything);
    }
  });

  it('pages stay stable while new transactions arrive', async () => {
    const before = (await listTransactions(t, ann, '?limit=100')).items.map((i) => i.id);
    const first = await listTransactions(t, ann, '?limit=4');
    expect(first.items.map((i) => i.id)).toEqual(before.slice(0, 4));
    t.clock.advance(5);
    await depositUsdt(t, ann, 40); // newer than everything on page 1
    const second = await listTransactions(t, ann, `?limit=4&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.items.map((i) => i.id)).toEqual(before.slice(4, 8));
    const fresh = await listTransactions(t, ann, '?limit=1');
    expect(fresh.items[0]!.type).toBe('usdtDeposit');
    expect(before).not.toContain(fresh.items[0]!.id);
  });

  it('filters by type and by currency (exchanges match either leg)', async () => {
    const deposits = await allPages(ann, '&type=usdtDeposit', 5);
    expect(deposits.length).toBe(9);
    expect(deposits.every((i) => i.type === 'usdtDeposit')).toBe(true);
    const exchanges = await allPages(ann, '&type=currencyExchange', 2);
    expect(exchanges).toHaveLength(3);
    const rub = await allPages(ann, '&currency=RUB', 10);
    expect(rub.map((i) => i.type)).toEqual(['currencyExchange', 'currencyExchange', 'currencyExchange']);
    const usd = await allPages(ann, '&currency=USD', 10);
    expect(usd).toHaveLength(12);
    expect((await allPages(ann, '&type=sbpTopup', 10))).toHaveLength(0);
  });

  it("shows only the user's own transactions", async () => {
    expect((await listTransactions(t, bob)).items).toEqual([]);
  });

  it('refuses an invalid cursor, limit or filter with 400', async () => {
    for (const query of ['?cursor=garbage', '?cursor=%25%25', `?cursor=${Buffer.from('2030|x').toString('base64url')}`, '?limit=0', '?limit=101', '?limit=abc', '?type=deposit', '?currency=EUR']) {
      const res = await t.call({ method: 'GET', url: `/api/wallet/transactions${query}`, headers: ann.headers });
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });
});
