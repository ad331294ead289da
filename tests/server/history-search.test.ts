/**
 * History filters and search (issue #14 "History"): wallet and card lists filtered by type, currency and period,
 * searched by amount, merchant, order id or tx hash, paged with the filters kept; hostile search text is either
 * a plain substring (`%`, `_`, quotes) or refused in the envelope (NUL, too long, bad period).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJobRegistry, runDueJobs } from '../../server/jobs';
import { checkLedger } from '../../server/modules/ledger';
import { createCard, getCard, setIssuerMode, spreadClientIps } from './card-helpers';
import { createTestApp, type TestApp } from './harness';
import { depositUsdt, exchange, quote, verifiedUser, type TestUser } from './wallet-support';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let cardId = '';
let txHash = '';
const times: Record<string, string> = {};

const drain = () => runDueJobs(t.db, { registry: appJobRegistry(t.app), backoffBaseMs: 0 });
const get = (user: TestUser, url: string) => t.call({ method: 'GET', url, headers: user.headers });
const wallet = async (query: string, user = ann) => {
  const res = await get(user, `/api/wallet/transactions${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: Array<Record<string, any>>; nextCursor: string | null };
};
const card = async (query: string) => {
  const res = await get(ann, `/api/cards/${cardId}/transactions${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: Array<Record<string, any>>; nextCursor: string | null };
};
const q = (text: string, sep = '?') => `${sep}q=${encodeURIComponent(text)}`;

beforeAll(async () => {
  t = await createTestApp();
  spreadClientIps(t);
  await setIssuerMode(t, { delayMs: 0 });
  ann = await verifiedUser(t);
  bob = await verifiedUser(t);
  times.start = t.clock.now().toISOString();
  // Day 1: a USDT deposit of 300 USD.
  txHash = (await depositUsdt(t, ann, 300)).transfer.txHash;
  t.clock.advance(300);
  times.afterDeposit = t.clock.now().toISOString();
  // Day 2: 50.00 USD → RUB.
  const rate = await quote(t, ann, 'USD', 'RUB');
  expect((await exchange(t, ann, { from: 'USD', to: 'RUB', amount: 50_00, quoteId: rate.quoteId })).status).toBe(200);
  t.clock.advance(300);
  times.afterExchange = t.clock.now().toISOString();
  // Day 3: a card, and purchases with awkward merchant names.
  const created = await createCard(t, { ...ann, id: ann.userId }, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
  expect(created.status).toBe(200);
  cardId = created.body.data.id;
  await drain();
  expect((await getCard(t, { ...ann, id: ann.userId }, cardId)).status).toBe('active');
  t.clock.advance(60);
  for (const [amount, merchant] of [
    [7_77, 'COFFEE 100% _BAR'],
    [3_00, "O'REILLY BOOKS"],
  ] as const) {
    t.clock.advance(60);
    const res = await t.call({ method: 'POST', url: `/api/dev/cards/${cardId}/purchase`, payload: { amount, merchant } });
    expect(res.status).toBe(200);
  }
  // Bob: one deposit, never in Ann's results.
  await depositUsdt(t, bob, 100);
});
afterAll(() => t?.close());

describe('wallet history filters', () => {
  it('by type and by currency (an exchange matches either leg)', async () => {
    const deposits = await wallet('?type=usdtDeposit');
    expect(deposits.items.map((i) => i.type)).toEqual(['usdtDeposit']);
    const rub = await wallet('?currency=RUB');
    expect(rub.items.map((i) => i.type)).toEqual(['currencyExchange']);
  });

  it('by period: from inclusive, to exclusive', async () => {
    const day2 = await wallet(`?from=${times.afterDeposit}&to=${times.afterExchange}`);
    expect(day2.items.map((i) => i.type)).toEqual(['currencyExchange']);
    const day1 = await wallet(`?from=${times.start}&to=${times.afterDeposit}`);
    expect(day1.items.map((i) => i.type)).toEqual(['usdtDeposit']);
    const later = await wallet(`?from=${times.afterExchange}`);
    expect(later.items.length).toBeGreaterThan(0);
    expect(later.items.every((i) => i.createdAt >= times.afterExchange!)).toBe(true);
    expect(later.items.some((i) => i.type === 'usdtDeposit' || i.type === 'currencyExchange')).toBe(false);
  });

  it('search by tx hash (any case, a part of it), by amount, by product', async () => {
    const byHash = await wallet(q(txHash.slice(4, 20).toUpperCase()));
    expect(byHash.items.map((i) => i.type)).toEqual(['usdtDeposit']);
    const byAmount = await wallet(q('50'));
    expect(byAmount.items.map((i) => i.type)).toEqual(['currencyExchange']);
    expect((await wallet(q('50,00'))).items.map((i) => i.type)).toEqual(['currencyExchange']);
    expect((await wallet(q('50.0'))).items.map((i) => i.type)).toEqual(['currencyExchange']);
    const byProduct = await wallet(q('visa'));
    expect(byProduct.items.map((i) => i.type)).toContain('cardIssue');
    expect((await wallet(q('   '))).items.length).toBe((await wallet('')).items.length);
  });

  it('search text is a plain substring: %, _, quotes and SQL match nothing here', async () => {
    for (const text of ['%', '_', '%%', "' OR 1=1 --", '"', '\\', "'; DROP TABLE ledger_transactions; --", '𝓤🃏', 'Ω'.repeat(100)]) {
      expect((await wallet(q(text))).items, text).toEqual([]);
    }
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });

  it('filters combine and keep their cursor pages', async () => {
    const all = await wallet(`?currency=USD`);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 20; i++) {
      const page = await wallet(`?currency=USD&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(all.items.map((item) => item.id));
    expect(seen.length).toBeGreaterThan(2);
    expect((await wallet(`?type=currencyExchange&currency=USD${q('50', '&')}&from=${times.afterDeposit}`)).items).toHaveLength(1);
    expect((await wallet(`?type=currencyExchange${q('7.77', '&')}`)).items).toHaveLength(0);
  });

  it('never shows another user’s rows', async () => {
    expect((await wallet(q(txHash.slice(4, 20)), bob)).items).toEqual([]);
    expect((await wallet('?type=currencyExchange', bob)).items).toEqual([]);
  });

  it.each([
    ['NUL', q('a\u0000b')],
    ['too long', q('x'.repeat(101))],
    ['long', q('x'.repeat(1_500))],
    ['bad from', '?from=yesterday'],
    ['date only', '?from=2030-01-01'],
    ['from after to', `?from=${times.afterExchange}&to=${times.start}`],
    ['from equals to', `?from=${times.start}&to=${times.start}`],
  ])('refuses %s with 400 in the envelope', async (_label, query) => {
    for (const url of [`/api/wallet/transactions${query}`, `/api/cards/${cardId}/transactions${query}`]) {
      const res = await get(ann, url);
      expect(res.status, url).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    }
  });

  it('refuses a huge search with 414 in the envelope (a URL over the server\'s 2 048-character bound)', async () => {
    for (const url of [`/api/wallet/transactions${q('x'.repeat(20_000))}`, `/api/cards/${cardId}/transactions${q('x'.repeat(20_000))}`]) {
      const res = await get(ann, url);
      expect(res.status, url).toBe(414);
      expect(res.body).toMatchObject({ success: false, error: { code: 'URI_TOO_LONG' } });
    }
  });
});

describe('card history filters', () => {
  it('search by merchant (with % and _ taken literally) and by amount', async () => {
    expect((await card(q('coffee'))).items.map((i) => i.merchantName)).toEqual(['COFFEE 100% _BAR']);
    expect((await card(q('100% _'))).items.map((i) => i.merchantName)).toEqual(['COFFEE 100% _BAR']);
    expect((await card(q("o'reilly"))).items.map((i) => i.merchantName)).toEqual(["O'REILLY BOOKS"]);
    expect((await card(q('%'))).items.map((i) => i.merchantName)).toEqual(['COFFEE 100% _BAR']);
    expect((await card(q('7.77'))).items.map((i) => i.amount.amount)).toEqual([7_77]);
    expect((await card(q('3'))).items.map((i) => i.amount.amount)).toEqual([3_00]);
    expect((await card(q('nothing like this'))).items).toEqual([]);
  });

  it('by period and type, with cursor pages', async () => {
    const all = await card('');
    expect(all.items.length).toBeGreaterThanOrEqual(3);
    expect((await card(`?to=${times.afterExchange}`)).items).toEqual([]);
    expect((await card(`?from=${times.afterExchange}&type=purchase`)).items.map((i) => i.amount.amount)).toEqual([3_00, 7_77]);
    const first = await card('?type=purchase&limit=1');
    expect(first.items).toHaveLength(1);
    const second = await card(`?type=purchase&limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.items.map((i) => i.amount.amount)).toEqual([7_77]);
  });

  it('another user’s card answers 404 whatever the filters', async () => {
    const res = await get(bob, `/api/cards/${cardId}/transactions${q('coffee')}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('CARD_NOT_FOUND');
  });
});
