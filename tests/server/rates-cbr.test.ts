/**
 * The production rate provider (server/adapters/rates/cbr.ts) against a local fake of the Central Bank of Russia's
 * daily document (tests/server/fakes/cbr.ts): fresh rate with the configured spread, last good rate kept through
 * the provider's outages (5xx, timeouts, malformed documents) until the freshness limit, then "Rate unavailable".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CbrRateProvider, parseCbrDaily } from '../../server/adapters/rates';
import { checkLedger } from '../../server/modules/ledger';
import { computeExchange, ratesFromMid } from '../../src/shared/money';
import { cbrDocument, encodeWindows1251, startCbrFake, type CbrFake } from './fakes/cbr';
import { createTestApp, type TestApp } from './harness';
import { balances, depositUsdt, exchange, quote, refreshTokens, verifiedUser, type TestUser } from './wallet-support';

const HOUR = 3600;
const MAX_AGE = 12 * HOUR;

describe('parseCbrDaily (the windows-1251 document)', () => {
  it('decodes windows-1251, reads the date and USD/RUB with its decimal comma and nominal', () => {
    const parsed = parseCbrDaily(encodeWindows1251(cbrDocument({ date: '23.11.2026', usd: '92,5058' })));
    expect(parsed).toEqual({ date: '2026-11-23', mid: '92.5058', name: 'Доллар США' });
    // A nominal other than 1: the value is for that many units (rounded down to 4 decimals).
    expect(parseCbrDaily(encodeWindows1251(cbrDocument({ date: '23.11.2026', usd: '925,0587', nominal: 10 }))).mid).toBe('92.5058');
  });

  it('refuses what is not the daily document: truncated XML, HTML, no USD, nonsense numbers or dates', () => {
    const doc = cbrDocument({ date: '23.11.2026', usd: '92,5058' });
    for (const bad of [
      doc.slice(0, doc.indexOf('R01235') + 40),
      '<!DOCTYPE html><html><body>Технические работы</body></html>',
      cbrDocument({ date: '23.11.2026', usd: '92,5058', withUsd: false }),
      cbrDocument({ date: '23.11.2026', usd: '0,0000' }),
      cbrDocument({ date: '23.11.2026', usd: '92.50.58' }),
      cbrDocument({ date: '31.02.2026', usd: '92,5058' }),
      cbrDocument({ date: '2026-11-23', usd: '92,5058' }),
      '',
    ]) {
      expect(() => parseCbrDaily(encodeWindows1251(bad)), bad.slice(0, 80)).toThrow();
    }
  });
});

describe('RATES_PROVIDER=cbr: quotes from the central bank rate', () => {
  let fake: CbrFake;
  let t: TestApp;
  let ann: TestUser;

  beforeAll(async () => {
    fake = await startCbrFake({ usd: '92,5058', date: '01.01.2030' });
    t = await createTestApp({
      env: {
        RATES_PROVIDER: 'cbr',
        CBR_RATES_URL: fake.url,
        EXCHANGE_SPREAD_BPS: '100',
        EXCHANGE_FEE_BPS: '50',
        RATES_REFRESH_SECONDS: String(HOUR),
        RATES_RETRY_SECONDS: '60',
        RATES_MAX_AGE_SECONDS: String(MAX_AGE),
        RATES_FETCH_TIMEOUT_MS: '2000',
      },
    });
    ann = await verifiedUser(t);
    await depositUsdt(t, ann, 1000);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** GET the rates (with fresh tokens: the test clock moves by hours). */
  const rates = async () => {
    await refreshTokens(t, ann);
    return t.call({ method: 'GET', url: '/api/config/exchange-rates', headers: ann.headers });
  };

  it('quotes the fresh rate with the configured spread on both sides', async () => {
    const res = await rates();
    expect(res.status).toBe(200);
    const expected = ratesFromMid('92.5058', 100);
    expect(res.body.data.rates.find((r: { from: string }) => r.from === 'USD')).toMatchObject({ to: 'RUB', rate: expected.USD_RUB, feeBps: 50 });
    expect(res.body.data.rates.find((r: { from: string }) => r.from === 'RUB')).toMatchObject({ to: 'USD', rate: expected.RUB_USD, feeBps: 50 });
    expect(res.body.data.updatedAt).toBe(t.clock.now().toISOString());
    expect(fake.requests).toBe(1);
  });

  it('exchanges at that rate in integer minor units, balanced in the ledger', async () => {
    const before = await balances(t, ann);
    const q = await quote(t, ann, 'USD', 'RUB');
    expect(q.rate).toBe(ratesFromMid('92.5058', 100).USD_RUB);
    const res = await exchange(t, ann, { from: 'USD', to: 'RUB', amount: 12_345, quoteId: q.quoteId });
    expect(res.status).toBe(200);
    const expected = computeExchange(12_345, 50, q.rate);
    expect(Number.isInteger(expected.credited)).toBe(true);
    expect(res.body.data).toMatchObject({ debited: { amount: 12_345 }, credited: { amount: expected.credited, currency: 'RUB' }, fee: { amount: expected.fee } });
    expect(await balances(t, ann)).toEqual({ USD: before.USD - 12_345, RUB: before.RUB + expected.credited });
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });

  it('fetches again only after RATES_REFRESH_SECONDS, and stores the rate where every process reads it', async () => {
    t.clock.advance(HOUR / 2);
    expect((await rates()).status).toBe(200);
    expect(fake.requests).toBe(1);
    // Another process on the same database: it reads the stored rate, no fetch of its own.
    const other = new CbrRateProvider({ ...t.config.adapters.rates.cbr, db: t.db, clock: t.clock, bounds: t.config.adapters.rates.bounds });
    expect(await other.midRate()).toMatchObject({ mid: '92.5058' });
    expect(fake.requests).toBe(1);

    fake.set({ usd: '93,1000', date: '02.01.2030' });
    t.clock.advance(HOUR / 2 + 1);
    const res = await rates();
    expect(fake.requests).toBe(2);
    expect(res.body.data.rates.find((r: { from: string }) => r.from === 'USD').rate).toBe(ratesFromMid('93.1000', 100).USD_RUB);
  });

  it.each([
    ['a 5xx', 'error500'],
    ['a timeout', 'hang'],
    ['a malformed document', 'malformed'],
    ['an HTML maintenance page', 'html'],
    ['a document without USD', 'noUsd'],
  ] as const)('keeps the last good rate through %s (no 500, one attempt per retry interval)', async (_label, mode) => {
    fake.set({ mode, usd: '99,9999' });
    t.clock.advance(HOUR + 1);
    const requestsBefore = fake.requests;
    const res = await rates();
    expect(res.status).toBe(200);
    expect(res.body.data.rates.find((r: { from: string }) => r.from === 'USD').rate).toBe(ratesFromMid('93.1000', 100).USD_RUB);
    expect(fake.requests).toBe(requestsBefore + 1);
    // Within the retry interval nobody asks the provider again, however many quotes are made.
    t.clock.advance(50);
    expect((await rates()).status).toBe(200);
    expect(fake.requests).toBe(requestsBefore + 1);
    const [row] = await t.db.query<{ last_error: string | null }>("SELECT last_error FROM exchange_market_rates WHERE source = 'cbr'");
    expect(row!.last_error).toBeTruthy();
  });

  it('refuses a document dated too far from today (a stale or broken mirror)', async () => {
    fake.set({ mode: 'ok', usd: '99,9999', date: '01.11.2029' });
    t.clock.advance(HOUR + 1);
    const res = await rates();
    expect(res.status).toBe(200);
    expect(res.body.data.rates.find((r: { from: string }) => r.from === 'USD').rate).toBe(ratesFromMid('93.1000', 100).USD_RUB);
  });

  it('past RATES_MAX_AGE_SECONDS without a good fetch: "Rate unavailable" on quotes and on exchange', async () => {
    fake.set({ mode: 'error500' });
    // The last good fetch was some hours ago (the outages above); go to 30 s before the limit.
    const [row] = await t.db.query<{ fetched_at: Date }>("SELECT fetched_at FROM exchange_market_rates WHERE source = 'cbr'");
    const limit = row!.fetched_at.getTime() + MAX_AGE * 1000;
    t.clock.set(new Date(limit - 30_000));
    await refreshTokens(t, ann);
    const q = await quote(t, ann, 'USD', 'RUB'); // still fresh: a quote with 60 s to live
    t.clock.advance(31); // the rate behind the quote is now too old
    const refused = await exchange(t, ann, { from: 'USD', to: 'RUB', amount: 1_000, quoteId: q.quoteId });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ success: false, error: { code: 'RATE_UNAVAILABLE', service: 'wallet' } });
    expect(refused.body.error.message).toMatch(/^Rate unavailable/);
    const res = await rates();
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ code: 'RATE_UNAVAILABLE' });
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });

  it('quotes again as soon as the provider is back (after the retry interval)', async () => {
    fake.set({ mode: 'ok', usd: '94,0000', date: t.clock.now().toISOString().slice(0, 10).split('-').reverse().join('.') });
    t.clock.advance(61);
    const res = await rates();
    expect(res.status).toBe(200);
    expect(res.body.data.rates.find((r: { from: string }) => r.from === 'USD').rate).toBe(ratesFromMid('94.0000', 100).USD_RUB);
  });
});

describe('RATES_PROVIDER=cbr with the provider down from the start', () => {
  let fake: CbrFake;
  let t: TestApp;
  let ann: TestUser;

  beforeAll(async () => {
    fake = await startCbrFake();
    fake.set({ mode: 'hang' });
    t = await createTestApp({ env: { RATES_PROVIDER: 'cbr', CBR_RATES_URL: fake.url, RATES_FETCH_TIMEOUT_MS: '200' } });
    ann = await verifiedUser(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers 503 RATE_UNAVAILABLE (never a 500) while no good rate was ever fetched', async () => {
    const res = await t.call({ method: 'GET', url: '/api/config/exchange-rates', headers: ann.headers });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ code: 'RATE_UNAVAILABLE', service: 'wallet' });
  });
});

describe('a rate is outside input with bounds (issue #31 item 1)', () => {
  let fake: CbrFake;
  let elsewhere: CbrFake;
  let t: TestApp;
  let ann: TestUser;

  beforeAll(async () => {
    fake = await startCbrFake({ usd: '92,5058', date: '01.01.2030' });
    elsewhere = await startCbrFake({ usd: '0,0001', date: '01.01.2030' });
    t = await createTestApp({
      env: { RATES_PROVIDER: 'cbr', CBR_RATES_URL: fake.url, RATES_REFRESH_SECONDS: String(HOUR), RATES_RETRY_SECONDS: '60', RATES_MAX_AGE_SECONDS: String(MAX_AGE) },
    });
    ann = await verifiedUser(t);
    await depositUsdt(t, ann, 100);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await elsewhere.close();
  });

  const usdRub = async () => {
    await refreshTokens(t, ann);
    const res = await t.call({ method: 'GET', url: '/api/config/exchange-rates', headers: ann.headers });
    return res.status === 200 ? (res.body.data.rates.find((r: { from: string }) => r.from === 'USD').rate as string) : `${res.status} ${res.body.error.code}`;
  };
  const refusedCount = async (reason: string) => {
    const metrics = (await t.app.inject({ method: 'GET', url: '/api/metrics' })).body;
    return Number(new RegExp(`^outside_input_refused_total\\{source="rates",reason="${reason}"\\} (\\d+)$`, 'm').exec(metrics)?.[1] ?? 0);
  };
  const good = ratesFromMid('92.5058', 25).USD_RUB;

  it.each([
    ['0,0001 (the attack: 1 000.00 RUB became 9 925 125.00 USD)', '0,0001', 'out_of_bounds'],
    ['9250,0000', '9250,0000', 'out_of_bounds'],
    ['50,0000: inside the absolute bounds, but 46 % below the last accepted rate', '50,0000', 'moved_too_far'],
  ])('a document saying %s is refused, logged and counted; the last good rate serves on', async (_, usd, reason) => {
    expect(await usdRub()).toBe(good);
    const before = await refusedCount(reason);
    fake.set({ usd });
    t.clock.advance(HOUR + 61);
    expect(await usdRub()).toBe(good);
    expect(await refusedCount(reason)).toBe(before + 1);
    const [row] = await t.db.query<{ mid_rate: string; last_error: string }>("SELECT mid_rate, last_error FROM exchange_market_rates WHERE source = 'cbr'");
    expect(row).toMatchObject({ mid_rate: '92.5058', last_error: expect.stringMatching(/RATES_M(IN|AX)_USD_RUB|RATES_MAX_CHANGE_BPS/) });
  });

  it('a redirect to another origin is not followed; one within the bank\'s origin is', async () => {
    fake.set({ usd: '93,0000', mode: 'redirect', redirectTo: `${elsewhere.url}?redirected` });
    t.clock.advance(HOUR + 61);
    expect(await usdRub()).toBe(good);
    expect(elsewhere.requests).toBe(0);
    const [row] = await t.db.query<{ last_error: string }>("SELECT last_error FROM exchange_market_rates WHERE source = 'cbr'");
    expect(row!.last_error).toMatch(/another origin/);
    fake.set({ mode: 'redirect', redirectTo: `${fake.url}?redirected` });
    t.clock.advance(61);
    expect(await usdRub()).toBe(ratesFromMid('93.0000', 25).USD_RUB);
  });

  it('refused rates never serve: once the last good one ages out, "Rate unavailable"', async () => {
    fake.set({ mode: 'ok', usd: '0,0001' });
    t.clock.advance(MAX_AGE + 1);
    expect(await usdRub()).toBe('503 RATE_UNAVAILABLE');
  });

  it('a first rate out of bounds is never quoted: nothing to exchange on', async () => {
    const bogus = await startCbrFake({ usd: '0,0001', date: '01.01.2030' });
    const fresh = await createTestApp({ env: { RATES_PROVIDER: 'cbr', CBR_RATES_URL: bogus.url } });
    try {
      const user = await verifiedUser(fresh);
      const res = await fresh.call({ method: 'GET', url: '/api/config/exchange-rates', headers: user.headers });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('RATE_UNAVAILABLE');
      expect(await fresh.db.query('SELECT id FROM exchange_quotes')).toEqual([]);
    } finally {
      await fresh.close();
      await bogus.close();
    }
  });
});
