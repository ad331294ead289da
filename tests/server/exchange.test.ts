import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeCurrency } from '../../server/modules/exchange';
import { checkLedger } from '../../server/modules/ledger';
import { computeExchange, exchangeFee as feeFor, ratesFromMid } from '@/shared/money';
import { SandboxRateProvider } from '../../server/sandbox/rates';
import { createTestApp, signUp, type TestApp } from './harness';
import { balances, depositUsdt, exchange, getRates, listTransactions, quote, verifiedUser, type TestUser } from './wallet-support';

describe('exchange arithmetic (pure)', () => {
  it('fee rounds up to the minor unit, credited rounds down, all exact', () => {
    expect(feeFor(10_000, 50)).toBe(50);
    expect(feeFor(1, 50)).toBe(1); // 0.005 → 1
    expect(feeFor(199, 50)).toBe(1);
    expect(feeFor(201, 50)).toBe(2);
    expect(feeFor(12_345, 0)).toBe(0);
    // $100.00, 0.5 % fee, 92.2687 RUB per USD → fee 50 ¢, (9950 × 92.2687) = 918 073.565 → 918 073 kopecks.
    expect(computeExchange(10_000, 50, '92.2687')).toEqual({ fee: 50, debited: 10_000, credited: 918_073 });
    // 1 000 RUB at 0.01078372 USD per RUB, fee 0.5 % = 500 kopecks → 99 500 × 0.01078372 = 1 072.98 → 1 072 ¢.
    expect(computeExchange(100_000, 50, '0.01078372')).toEqual({ fee: 500, debited: 100_000, credited: 1_072 });
    // Large amounts stay exact (no float rounding).
    expect(computeExchange(9_000_000_000_000, 0, '92.5000').credited).toBe(832_500_000_000_000);
    expect(() => computeExchange(0, 50, '1.0')).toThrow();
  });

  it('rates from the mid are worse than the mid by the spread in both directions, rounded down', () => {
    expect(ratesFromMid('92.5000', 25)).toEqual({ USD_RUB: '92.2687', RUB_USD: '0.01078378' });
    expect(ratesFromMid('100.0000', 0)).toEqual({ USD_RUB: '100.0000', RUB_USD: '0.01000000' });
  });

  it('the sandbox mid rate drifts deterministically around the base', () => {
    const at = new Date('2030-01-01T12:15:00Z');
    expect(SandboxRateProvider.midAt('92.5000', at)).toBe(SandboxRateProvider.midAt('92.5000', new Date(at)));
    const values = [0, 10, 20, 30, 40, 50].map((m) => Number(SandboxRateProvider.midAt('92.5000', new Date(Date.UTC(2030, 0, 1, 12, m)))));
    for (const v of values) expect(Math.abs(v - 92.5)).toBeLessThanOrEqual(92.5 * 0.003 + 0.0001);
    expect(new Set(values).size).toBeGreaterThan(1);
  });
});

describe('exchange rates and POST /api/wallet/exchange', () => {
  let t: TestApp;
  let ann: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await verifiedUser(t);
    await depositUsdt(t, ann, 1000);
  });
  afterAll(() => t.close());

  /** All shards of the USD fee account. */
  const feeRevenueUsd = async () =>
    Number(
      (
        await t.db.query<{ total: string }>(
          `SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts
           WHERE kind = 'system' AND currency = 'USD' AND (code = 'fee_revenue' OR code LIKE 'fee_revenue.%')`,
        )
      )[0]!.total,
    );

  it('quotes both directions, shares them until they near expiry, then quotes anew', async () => {
    const first = await getRates(t, ann);
    expect(first.map((r) => `${r.from}${r.to}`).sort()).toEqual(['RUBUSD', 'USDRUB']);
    for (const r of first) {
      expect(r.rate).toMatch(/^\d+\.\d+$/);
      expect(r.feeBps).toBe(50);
      expect(new Date(r.expiresAt).getTime() - t.clock.now().getTime()).toBe(60_000);
    }
    const other = await verifiedUser(t);
    expect((await getRates(t, other)).map((r) => r.quoteId)).toEqual(first.map((r) => r.quoteId));
    t.clock.advance(50); // 10 s left < 15 s: a fresh quote
    const next = await getRates(t, ann);
    expect(next.map((r) => r.quoteId)).not.toEqual(first.map((r) => r.quoteId));
    const usdRub = next.find((r) => r.from === 'USD')!;
    const rubUsd = next.find((r) => r.from === 'RUB')!;
    expect(Number(usdRub.rate) * Number(rubUsd.rate)).toBeLessThan(1); // the spread is on both sides
  });

  it('needs a bearer token', async () => {
    const res = await t.call({ method: 'GET', url: '/api/config/exchange-rates' });
    expect(res.status).toBe(401);
  });

  it('when the provider is down: 503 RATE_UNAVAILABLE (the app shows "Rate unavailable"); back up: quotes again', async () => {
    const q = await quote(t, ann, 'USD', 'RUB');
    const off = await t.call({ method: 'POST', url: '/api/dev/exchange/rate-provider', payload: { available: false } });
    expect(off.status).toBe(200);
    expect(off.body.data.retiredQuotes).toBeGreaterThanOrEqual(2);
    const down = await t.call({ method: 'GET', url: '/api/config/exchange-rates', headers: ann.headers });
    expect(down.status).toBe(503);
    expect(down.body.error).toMatchObject({ code: 'RATE_UNAVAILABLE', service: 'wallet' });
    // A quote withdrawn with the provider can no longer be used.
    const refused = await exchange(t, ann, { from: 'USD', to: 'RUB', amount: 1000, quoteId: q.quoteId });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('QUOTE_EXPIRED');
    await t.call({ method: 'POST', url: '/api/dev/exchange/rate-provider', payload: { available: true } });
    expect((await getRates(t, ann)).length).toBe(2);
  });

  it('exchanges USD → RUB: debit with fee, credit at the quoted rate, fee to fee_revenue, one currencyExchange row', async () => {
    const before = await balances(t, ann);
    const feeBefore = await feeRevenueUsd();
    const q = await quote(t, ann, 'USD', 'RUB');
    const res = await exchange(t, ann, { from: 'USD', to: 'RUB', amount: 10_000, quoteId: q.quoteId });
    expect(res.status).toBe(200);
    const expected = computeExchange(10_000, q.feeBps, q.rate);
    expect(res.body.data).toMatchObject({
      debited: { amount: 10_000, currency: 'USD' },
      credited: { amount: expected.credited, currency: 'RUB' },
      fee: { amount: expected.fee, currency: 'USD' },
      rate: q.rate,
    });
    expect(await balances(t, ann)).toEqual({ USD: before.USD - 10_000, RUB: before.RUB + expected.credited });
    expect(await feeRevenueUsd()).toBe(feeBefore + expected.fee);

    const { items } = await listTransactions(t, ann, '?type=currencyExchange');
    expect(items[0]).toMatchObject({
      id: res.body.data.transactionId,
      type: 'currencyExchange',
      direction: 'debit',
      status: 'completed',
      amount: { amount: 10_000, currency: 'USD' },
      details: { counterAmount: { amount: expected.credited, currency: 'RUB' }, rate: q.rate, fee: { amount: expected.fee, currency: 'USD' }, quoteId: q.quoteId },
    });
    // The currency filter matches either leg.
    expect((await listTransactions(t, ann, '?currency=RUB')).items.some((i) => i.id === res.body.data.transactionId)).toBe(true);
  });

  it('exchanges RUB → USD back', async () => {
    const before = await balances(t, ann);
    const q = await quote(t, ann, 'RUB', 'USD');
    const res = await exchange(t, ann, { from: 'RUB', to: 'USD', amount: 100_000, quoteId: q.quoteId });
    expect(res.status).toBe(200);
    const expected = computeExchange(100_000, q.feeBps, q.rate);
    expect(await balances(t, ann)).toEqual({ USD: before.USD + expected.credited, RUB: before.RUB - 100_000 });
  });

  it('refuses more than the balance: 422 INSUFFICIENT_FUNDS "Insufficient funds for this exchange", nothing moves', async () => {
    const before = await balances(t, ann);
    const q = await quote(t, ann, 'USD', 'RUB');
    const res = await exchange(t, ann, { from: 'USD', to: 'RUB', amount: before.USD + 1, quoteId: q.quoteId });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds for this exchange', service: 'wallet' });
    expect(await balances(t, ann)).toEqual(before);
  });

  it('rejects bad amounts with 400 VALIDATION_ERROR and never a 500', async () => {
    const q = await quote(t, ann, 'USD', 'RUB');
    const cases: Array<[unknown, string]> = [
      [0, 'Amount must be greater than 0'],
      [-100, 'Amount must be greater than 0'],
      [10.5, 'expected int'],
      ['1000', 'expected number'],
      [1e20, 'Too big'],
      [Number.MAX_SAFE_INTEGER + 2, 'Too big'],
      [null, 'expected number'],
      [undefined, 'expected number'],
    ];
    for (const [amount, message] of cases) {
      const res = await exchange(t, ann, { from: 'USD', to: 'RUB', amount, quoteId: q.quoteId });
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.fields.amount).toContain(message);
    }
    const same = await exchange(t, ann, { from: 'USD', to: 'USD', amount: 100, quoteId: q.quoteId });
    expect(same.status).toBe(400);
    expect(same.body.error.fields.to).toBeDefined();
    const extra = await exchange(t, ann, { from: 'USD', to: 'RUB', amount: 100, quoteId: q.quoteId, rate: '1000' });
    expect(extra.status).toBe(400);
    const raw = await t.call({
      method: 'POST',
      url: '/api/wallet/exchange',
      headers: { ...ann.headers, 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
      payload: '{"from":"USD","to":"RUB","amount":1e400,"quoteId":"x"}',
    });
    expect(raw.status).toBe(400);
  });

  it('refuses amounts below the minimum, and amounts so large the result would not be exact (422, never 500)', async () => {
    const q = await quote(t, ann, 'USD', 'RUB');
    const res = await exchange(t, ann, { from: 'USD', to: 'RUB', amount: 99, quoteId: q.quoteId });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('AMOUNT_BELOW_MINIMUM');
    const huge = await exchange(t, ann, { from: 'USD', to: 'RUB', amount: Number.MAX_SAFE_INTEGER, quoteId: q.quoteId });
    expect(huge.status).toBe(422);
    expect(huge.body.error.code).toBe('AMOUNT_ABOVE_MAXIMUM');
    const large = await exchange(t, ann, { from: 'RUB', to: 'USD', amount: Number.MAX_SAFE_INTEGER, quoteId: (await quote(t, ann, 'RUB', 'USD')).quoteId });
    expect(large.status).toBe(422);
    expect(large.body.error.code).toBe('AMOUNT_ABOVE_MAXIMUM'); // over EXCHANGE_MAX_RUB before anyone's balance is read
  });

  it('refuses an expired quote (409 QUOTE_EXPIRED), an unknown one and one for the other pair (422 QUOTE_MISMATCH)', async () => {
    const before = await balances(t, ann);
    const q = await quote(t, ann, 'USD', 'RUB');
    t.clock.advance(61);
    const expired = await exchange(t, ann, { from: 'USD', to: 'RUB', amount: 1000, quoteId: q.quoteId });
    expect(expired.status).toBe(409);
    expect(expired.body.error.code).toBe('QUOTE_EXPIRED');
    const unknown = await exchange(t, ann, { from: 'USD', to: 'RUB', amount: 1000, quoteId: 'qte_nope' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe('QUOTE_MISMATCH');
    const fresh = await quote(t, ann, 'RUB', 'USD');
    const wrongPair = await exchange(t, ann, { from: 'USD', to: 'RUB', amount: 1000, quoteId: fresh.quoteId });
    expect(wrongPair.status).toBe(422);
    expect(wrongPair.body.error.code).toBe('QUOTE_MISMATCH');
    expect(await balances(t, ann)).toEqual(before);
  });

  it('refuses a quote whose stored rate does not follow from its mid rate (tampered)', async () => {
    const q = await quote(t, ann, 'USD', 'RUB');
    await t.db.query(`UPDATE exchange_quotes SET rate = '999.0000' WHERE id = $1`, [q.quoteId]);
    const res = await exchange(t, ann, { from: 'USD', to: 'RUB', amount: 1000, quoteId: q.quoteId });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('QUOTE_MISMATCH');
    t.clock.advance(61);
  });

  it('is idempotent: the same key replays the same answer and moves money once; another body → 422', async () => {
    const q = await quote(t, ann, 'USD', 'RUB');
    const body = { from: 'USD', to: 'RUB', amount: 2_500, quoteId: q.quoteId };
    const key = randomUUID();
    const before = await balances(t, ann);
    const first = await exchange(t, ann, body, key);
    const second = await exchange(t, ann, body, key);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(second.headers['idempotency-replayed']).toBe('true');
    const after = await balances(t, ann);
    expect(after.USD).toBe(before.USD - 2_500);
    const other = await exchange(t, ann, { ...body, amount: 2_600 }, key);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const missing = await t.call({ method: 'POST', url: '/api/wallet/exchange', headers: ann.headers, payload: body });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await balances(t, ann)).toEqual(after);
  });

  it('10 parallel requests with one Idempotency-Key: money moves once and every answer is the same (key claimed in the money transaction)', async () => {
    const q = await quote(t, ann, 'USD', 'RUB');
    const body = { from: 'USD', to: 'RUB', amount: 1_100, quoteId: q.quoteId };
    const key = randomUUID();
    const before = await balances(t, ann);
    const results = await Promise.all(Array.from({ length: 10 }, () => exchange(t, ann, body, key)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (const r of results) expect(r.body.data).toEqual(results[0]!.body.data);
    expect(results.filter((r) => r.headers['idempotency-replayed'] !== 'true')).toHaveLength(1);
    expect((await balances(t, ann)).USD).toBe(before.USD - 1_100);
    const [row] = await t.db.query<{ state: string }>('SELECT state FROM idempotency_keys WHERE key = $1', [key]);
    expect(row?.state).toBe('done');
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });

  it('a refused exchange leaves no claim on its key: the same key works once the wallet can afford it', async () => {
    const dan = await verifiedUser(t);
    const q = await quote(t, dan, 'USD', 'RUB');
    const body = { from: 'USD', to: 'RUB', amount: 2_000, quoteId: q.quoteId };
    const key = randomUUID();
    const refused = await exchange(t, dan, body, key);
    expect(refused.body.error?.code).toBe('INSUFFICIENT_FUNDS');
    expect(await t.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])).toEqual([]);
    await depositUsdt(t, dan, 100);
    const done = await exchange(t, dan, body, key);
    expect(done.status).toBe(200);
    expect(done.headers['idempotency-replayed']).toBeUndefined();
  });

  it('a first exchange into a currency never held (its wallet account made on the way) stores its answer: the retry replays it', async () => {
    const eve = await verifiedUser(t);
    await depositUsdt(t, eve, 50);
    // Credits make both wallet accounts; a wallet credited another way may lack one. Removed here (empty, no entries).
    await t.db.query('DELETE FROM ledger_accounts WHERE id = $1 AND balance = 0', [`wal_${eve.userId}_RUB`]);
    expect(await t.db.query('SELECT 1 FROM ledger_accounts WHERE id = $1', [`wal_${eve.userId}_RUB`])).toEqual([]);
    const before = await balances(t, eve);
    const q = await quote(t, eve, 'USD', 'RUB');
    const body = { from: 'USD', to: 'RUB', amount: 1_000, quoteId: q.quoteId };
    const key = randomUUID();
    const first = await exchange(t, eve, body, key);
    expect(first.status).toBe(200);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    const [row] = await t.db.query<{ state: string; response: unknown }>('SELECT state, response FROM idempotency_keys WHERE key = $1', [key]);
    expect(row).toEqual({ state: 'done', response: first.body.data });
    const again = await exchange(t, eve, body, key);
    expect(again.status).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body.data).toEqual(first.body.data);
    expect(await balances(t, eve)).toEqual({ USD: before.USD - 1_000, RUB: first.body.data.credited.amount });
  });

  it('a replay that reaches the ledger after the HTTP record is gone still moves nothing', async () => {
    const q = await quote(t, ann, 'USD', 'RUB');
    const body = { from: 'USD' as const, to: 'RUB' as const, amount: 1_500, quoteId: q.quoteId };
    const key = randomUUID();
    // The use case called directly, past route(): no HTTP Idempotency-Key record at all.
    const direct = (input: typeof body) =>
      exchangeCurrency({ ...t.app.exchange, user: ann, idempotencyKey: key, body: input, idempotency: null, session: async () => undefined });
    const first = await direct(body);
    const before = await balances(t, ann);
    const again = await direct(body);
    expect(again).toEqual(first);
    expect(await balances(t, ann)).toEqual(before);
    await expect(direct({ ...body, amount: 1_600 })).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('refuses accounts under verification (403)', async () => {
    const fresh = await signUp(t);
    const q = await quote(t, ann, 'USD', 'RUB');
    const res = await t.call({
      method: 'POST',
      url: '/api/wallet/exchange',
      headers: { authorization: `Bearer ${fresh.accessToken}`, 'idempotency-key': randomUUID() },
      payload: { from: 'USD', to: 'RUB', amount: 1000, quoteId: q.quoteId },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('ACCOUNT_UNDER_VERIFICATION');
  });

  it('20 parallel exchanges of one wallet: exactly the affordable ones succeed, no negative balance, money conserved', async () => {
    const bob = await verifiedUser(t);
    await depositUsdt(t, bob, 100); // 100.xx USD
    const start = await balances(t, bob);
    const each = 3_000; // $30: three fit into ~$100
    const affordable = Math.floor(start.USD / each);
    const q = await quote(t, bob, 'USD', 'RUB');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => exchange(t, bob, { from: 'USD', to: 'RUB', amount: each, quoteId: q.quoteId })),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(affordable);
    for (const r of refused) {
      expect(r.status).toBe(422);
      expect(r.body.error.code).toBe('INSUFFICIENT_FUNDS');
    }
    const credited = ok.reduce((sum, r) => sum + r.body.data.credited.amount, 0);
    expect(await balances(t, bob)).toEqual({ USD: start.USD - affordable * each, RUB: start.RUB + credited });
    expect(await checkLedger(t.db)).toMatchObject({ ok: true, negativeAccounts: [] });
  });

  it('20 parallel exchanges each for most of the balance: exactly one succeeds', async () => {
    const cat = await verifiedUser(t);
    await depositUsdt(t, cat, 100);
    const start = await balances(t, cat);
    const q = await quote(t, cat, 'USD', 'RUB');
    const amount = Math.floor(start.USD * 0.9);
    const results = await Promise.all(Array.from({ length: 20 }, () => exchange(t, cat, { from: 'USD', to: 'RUB', amount, quoteId: q.quoteId })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await balances(t, cat)).USD).toBe(start.USD - amount);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });
});

describe('one exchange moves at most EXCHANGE_MAX_USD / EXCHANGE_MAX_RUB, paid or received (issue #31 item 1)', () => {
  let t: TestApp;
  let ann: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { EXCHANGE_MAX_USD: '50', EXCHANGE_MAX_RUB: '1000' } });
    ann = await verifiedUser(t);
    await depositUsdt(t, ann, 200);
  });
  afterAll(() => t.close());

  it('over the maximum on the paid side or on the received side: 422 AMOUNT_ABOVE_MAXIMUM, nothing moves; within it: done', async () => {
    const before = await balances(t, ann);
    const paid = await exchange(t, ann, { from: 'USD', to: 'RUB', amount: 50_01, quoteId: (await quote(t, ann, 'USD', 'RUB')).quoteId });
    expect(paid.status).toBe(422);
    expect(paid.body.error).toMatchObject({ code: 'AMOUNT_ABOVE_MAXIMUM', service: 'wallet' });
    // 20 USD is within the USD maximum, but it buys ~1 840 RUB: more than one exchange may credit.
    const received = await exchange(t, ann, { from: 'USD', to: 'RUB', amount: 20_00, quoteId: (await quote(t, ann, 'USD', 'RUB')).quoteId });
    expect(received.status).toBe(422);
    expect(received.body.error.code).toBe('AMOUNT_ABOVE_MAXIMUM');
    expect(await balances(t, ann)).toEqual(before);
    const ok = await exchange(t, ann, { from: 'USD', to: 'RUB', amount: 10_00, quoteId: (await quote(t, ann, 'USD', 'RUB')).quoteId });
    expect(ok.status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/config', headers: ann.headers })).body.data.exchange.maxAmounts).toEqual([
      { amount: 50_00, currency: 'USD' },
      { amount: 1_000_00, currency: 'RUB' },
    ]);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });
});
