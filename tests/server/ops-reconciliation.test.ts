/**
 * Reconciliation (docs/ops.md "Reconciliation"): the ledger against the outside world's answers — the deposit
 * address's USDT (TRON adapter), the cards' money at the issuer, the SBP acquirer's settled total — daily and on
 * demand, differences flagged and exported as a metric.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronGridSource } from '../../server/adapters/tron';
import { appJobRegistry, runDueJobs } from '../../server/jobs';
import { scheduleDailyReconciliation } from '../../server/modules/ops';
import { createCard, setIssuerMode } from './card-helpers';
import { FakeTronGrid } from './fakes/trongrid';
import { createTestApp, type TestApp } from './harness';
import { newOperator, type TestOperator } from './ops-support';
import { createSbp, depositUsdt, rawTransfer, runJobs, verifiedUser, type TestUser } from './wallet-support';

let t: TestApp;
let admin: TestOperator;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await newOperator(t, ['admin'], 'Ada Admin');
  user = await verifiedUser(t);
  await setIssuerMode(t, { delayMs: 0 });
  await t.call({ method: 'POST', url: '/api/dev/sbp/settings', payload: { callbackDelayMs: 0, failCreate: false, dropCallbacks: false } });
});
afterAll(() => t?.close());

const run = async () => {
  const res = await t.call({ method: 'POST', url: '/api/ops/reconciliation/run', headers: admin.headers, payload: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { status: string; ledgerOk: boolean; checks: Array<{ check: string; ours: number; theirs: number | null; difference: number | null; status: string }> };
};
const checkOf = (report: Awaited<ReturnType<typeof run>>, name: string) => report.checks.find((c) => c.check === name)!;
const paySbp = async (amount: number) => {
  const created = await createSbp(t, user, { amount });
  expect(created.status).toBe(200);
  await t.app.inject({ method: 'POST', url: `${new URL(created.body.data.paymentUrl).pathname}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  await runJobs(t);
};

describe('reconciliation', () => {
  it('a day of money movements: every check agrees with the outside world', async () => {
    await depositUsdt(t, user, 150); // credited
    await rawTransfer(t, { amount: '3.000000' }); // parked (no ID): still on the deposit address
    const card = await createCard(t, { ...user, id: user.userId }, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
    await runJobs(t);
    const topUp = await t.call({ method: 'POST', url: `/api/cards/${card.body.data.id}/topup`, headers: { ...user.headers, 'idempotency-key': randomUUID() }, payload: { amount: 10_00 } });
    expect(topUp.status).toBe(200);
    await runJobs(t);
    const purchase = await t.call({ method: 'POST', url: `/api/dev/cards/${card.body.data.id}/purchase`, payload: { amount: 7_77, merchant: 'SHOP' } });
    expect(purchase.body.data.status).toBe('completed');
    await paySbp(1_500_00);

    const report = await run();
    expect(report).toMatchObject({ status: 'ok', ledgerOk: true });
    expect(checkOf(report, 'usdt')).toMatchObject({ status: 'ok', difference: 0 });
    expect(checkOf(report, 'usdt').ours).toBeGreaterThan(150_000_000);
    expect(checkOf(report, 'cards.USD')).toMatchObject({ status: 'ok', ours: 20_00 + 10_00 - 7_77, theirs: 22_23, difference: 0 });
    expect(checkOf(report, 'sbp')).toMatchObject({ status: 'ok', ours: 1_500_00, theirs: 1_500_00 });
    const listed = await t.call({ method: 'GET', url: '/api/ops/reconciliation', headers: admin.headers });
    expect(listed.body.data.items[0].status).toBe('ok');
  });

  it('differences are flagged and exported as a metric: a transfer the watcher has not credited yet, a paid SBP payment never reported', async () => {
    await t.app.sandbox!.chain.recordTransfer({ to: t.config.wallet.usdt.depositAddress, amountMicro: 42_000_000 }); // on chain, not in our books
    await t.call({ method: 'POST', url: '/api/dev/sbp/settings', payload: { dropCallbacks: true } });
    await paySbp(200_00);
    const report = await run();
    expect(report.status).toBe('mismatch');
    expect(checkOf(report, 'usdt')).toMatchObject({ status: 'mismatch', difference: 42_000_000 });
    expect(checkOf(report, 'sbp')).toMatchObject({ status: 'mismatch', difference: 200_00 });
    expect(checkOf(report, 'cards.USD').status).toBe('ok');
    const metrics = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(metrics.body).toMatch(/reconciliation_difference\{check="usdt"\} 42000000/);
    expect(metrics.body).toMatch(/reconciliation_difference\{check="sbp"\} 20000/);
    expect(metrics.body).toMatch(/reconciliation_ledger_ok 1/);
    await t.call({ method: 'POST', url: '/api/dev/sbp/settings', payload: { dropCallbacks: false } });
  });

  it('runs daily: every process enqueues the day once; the job writes the report', async () => {
    t.clock.advance(24 * 3600);
    await scheduleDailyReconciliation(t.db, t.clock);
    await scheduleDailyReconciliation(t.db, t.clock);
    const jobs = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE kind = 'ops.reconcile' AND dedupe_key = $1`, [
      `ops.reconcile:${t.clock.now().toISOString().slice(0, 10)}`,
    ]);
    expect(jobs[0]!.n).toBe(1);
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reconciliation_reports'))[0]!.n;
    await runDueJobs(t.db, { registry: appJobRegistry(t.app) });
    const after = await t.db.query<{ n: number; run_by: string | null }>('SELECT count(*)::int AS n, max(run_by) AS run_by FROM reconciliation_reports WHERE run_by IS NULL');
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reconciliation_reports'))[0]!.n).toBe(before + 1);
    expect(after[0]!.n).toBe(1);
  });

  it('a side that cannot be asked is reported unavailable, never as a match', async () => {
    const noSbp = await createTestApp({ env: { SBP_ACQUIRER_ADAPTER: 'none', CARD_ISSUER_ADAPTER: 'none' } });
    try {
      const op = await newOperator(noSbp, ['admin']);
      const report = (await noSbp.call({ method: 'POST', url: '/api/ops/reconciliation/run', headers: op.headers, payload: {} })).body.data;
      expect(report.status).toBe('unavailable');
      expect(report.checks.find((c: { check: string }) => c.check === 'sbp')).toMatchObject({ status: 'unavailable', theirs: null, difference: null });
      expect(report.checks.find((c: { check: string }) => c.check === 'cards.USD')).toMatchObject({ status: 'unavailable' });
      expect(report.checks.find((c: { check: string }) => c.check === 'usdt')).toMatchObject({ status: 'ok' });
    } finally {
      await noSbp.close();
    }
  });
});

describe('the TRON adapter: what the deposit address holds', () => {
  it('TronGrid: the address’s USDT balance (confirmed, not reverted), 0 for an address the chain has not seen; a broken answer throws', async () => {
    const fake = await new FakeTronGrid().start();
    try {
      const source = new TronGridSource({ ...t.config.tron.trongrid, apiUrl: fake.url, apiKey: 'k', clock: t.clock, minConfirmations: 19 });
      const address = 'TDepositAddressForTronGridTests123';
      expect(await source.holdings(address)).toBe(0);
      fake.addTransfer({ to: address, value: '100500000' });
      fake.addTransfer({ to: address, value: '2000000' });
      fake.addTransfer({ to: address, value: '7000000', failed: true });
      fake.addTransfer({ to: 'TSomeoneElseAddressForTronGrid1234', value: '9000000' });
      expect(await source.holdings(address)).toBe(102_500_000);
      fake.force({ status: 200, body: '{"success":true,"data":[{"trc20":[{"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t":"1.5"}]}]}', path: '/v1/accounts' });
      await expect(source.holdings(address)).rejects.toThrow(/not an integer/);
    } finally {
      await fake.close();
    }
  });
});
