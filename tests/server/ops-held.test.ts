/**
 * Held money (docs/ops.md "Held money"): parked USDT transfers listed with their chain data, credited to a user once
 * (also when two operators press at once) or marked to be returned — every reason the watcher parks with, the review
 * threshold's too; stuck SBP payments listed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/modules/ledger';
import { createTestApp, type TestApp } from './harness';
import { newOperator, type TestOperator } from './ops-support';
import { balances, createSbp, getWallet, listTransactions, rawTransfer, runJobs, verifiedUser, type TestUser } from './wallet-support';

let t: TestApp;
let compliance: TestOperator;
let other: TestOperator;
let ann: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { USDT_REVIEW_THRESHOLD: '1000' } });
  compliance = await newOperator(t, ['compliance'], 'Carla Compliance');
  other = await newOperator(t, ['compliance'], 'Chris Compliance');
  ann = await verifiedUser(t);
});
afterAll(() => t?.close());

const ops = (op: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.call({ method, url, headers: { ...op.headers, ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}) }, ...(payload ? { payload } : {}) });
const park = async (amount: string, extra: Record<string, string> = {}) => {
  const res = await rawTransfer(t, { amount, ...extra });
  expect(res.body.data.outcome.status).toBe('unmatched');
  return res.body.data as { transfer: { txHash: string; from: string }; outcome: { reason: string } };
};
const heldList = async (state = 'open') => (await ops(compliance, 'GET', `/api/ops/held/deposits?state=${state}&limit=100`)).body.data.items as Array<Record<string, any>>;

describe('held USDT transfers', () => {
  it('are listed with their chain data and reason; one is credited to its owner once, also when two press at once', async () => {
    const { usdtDepositTag: tag } = await getWallet(t, ann);
    const small = await park(`5.${tag}`); // below the minimum, with Ann's valid tag
    const cents = 500 + Math.floor(Number(tag) / 10_000); // the tag is the amount's six decimals
    const listed = (await heldList()).find((d) => d.txHash === small.transfer.txHash)!;
    expect(listed).toMatchObject({
      network: 'TRON',
      from: small.transfer.from,
      to: t.config.wallet.usdt.depositAddress,
      amount: `5.${tag}`,
      credits: { amount: cents, currency: 'USD' },
      reason: 'below_minimum',
      knownReason: true,
      candidate: { id: ann.userId, attribution: 'tag' },
      resolution: null,
    });
    expect((await listTransactions(t, ann)).items.some((row) => row.id === `udp_${listed.id}`)).toBe(true);
    const before = await balances(t, ann);
    const url = `/api/ops/held/deposits/${listed.id}/attribute`;
    const [a, b] = await Promise.all([
      ops(compliance, 'POST', url, { userId: ann.userId, note: 'tag matches, below the minimum' }),
      ops(other, 'POST', url, { userId: ann.userId, note: 'the same, from another desk' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.error.code).toBe('HELD_DEPOSIT_RESOLVED');
    expect((await balances(t, ann)).USD).toBe(before.USD + cents);
    const credited = [a, b].find((r) => r.status === 200)!.body.data;
    expect(credited.resolution).toMatchObject({ kind: 'credited', userId: ann.userId, transactionId: expect.any(String) });
    // The user's history: the held row is gone, the credit is there.
    const rows = (await listTransactions(t, ann)).items;
    expect(rows.some((row) => row.id === `udp_${listed.id}`)).toBe(false);
    expect(rows.find((row) => row.id === credited.resolution.transactionId)).toMatchObject({ type: 'usdtDeposit', amount: { amount: cents } });
    expect((await heldList()).some((d) => d.id === listed.id)).toBe(false);
    expect((await heldList('resolved')).some((d) => d.id === listed.id)).toBe(true);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });

  it('a transfer without a tag goes to the user support names; a re-reported hash cannot be credited; a deleted or unknown user is refused', async () => {
    const bob = await verifiedUser(t);
    const untagged = await park('42.000000');
    const id = (await heldList()).find((d) => d.txHash === untagged.transfer.txHash)!.id;
    expect((await ops(compliance, 'POST', `/api/ops/held/deposits/${id}/attribute`, { userId: 'nobody', note: 'wrong person' })).body.error.code).toBe('USER_NOT_FOUND');
    const ok = await ops(compliance, 'POST', `/api/ops/held/deposits/${id}/attribute`, { userId: bob.userId, note: 'sender proved it with a screenshot' });
    expect(ok.status).toBe(200);
    expect((await balances(t, bob)).USD).toBe(42_00);

    const dup = await park('17.000000', { txHash: untagged.transfer.txHash });
    expect(dup.outcome.reason).toBe('duplicate_tx_hash');
    const dupId = (await heldList()).find((d) => d.reason === 'duplicate_tx_hash' && d.txHash === untagged.transfer.txHash)!.id;
    expect((await ops(compliance, 'POST', `/api/ops/held/deposits/${dupId}/attribute`, { userId: bob.userId, note: 'try again' })).body.error.code).toBe(
      'HELD_DEPOSIT_DUPLICATE',
    );
    for (const bad of ['999999999', 'abc']) {
      expect((await ops(compliance, 'POST', `/api/ops/held/deposits/${bad}/attribute`, { userId: bob.userId, note: 'none' })).body.error.code).toBe('HELD_DEPOSIT_NOT_FOUND');
    }
  });

  it('marking one to be returned: nothing is credited, the return address defaults to the sender', async () => {
    const unknown = await park('77.123499'); // a tag nobody has
    const id = (await heldList()).find((d) => d.txHash === unknown.transfer.txHash)!.id;
    const res = await ops(compliance, 'POST', `/api/ops/held/deposits/${id}/return`, { note: 'sender asked for it back', returnAddress: null });
    expect(res.body.data.resolution).toMatchObject({ kind: 'toReturn', returnAddress: unknown.transfer.from, operator: { id: compliance.id }, note: 'sender asked for it back' });
    expect((await ops(compliance, 'POST', `/api/ops/held/deposits/${id}/return`, { note: 'again', returnAddress: null })).body.error.code).toBe('HELD_DEPOSIT_RESOLVED');
    expect((await ops(compliance, 'POST', `/api/ops/held/deposits/${id}/attribute`, { userId: ann.userId, note: 'after all' })).body.error.code).toBe('HELD_DEPOSIT_RESOLVED');
    const log = await t.db.query<{ action: string }>(`SELECT action FROM ops_audit_log WHERE target_type = 'heldDeposit' ORDER BY id`);
    expect(log.map((l) => l.action)).toEqual(['held.credited', 'held.credited', 'held.markedForReturn']);
  });

  it('a deposit over the review threshold (issue #31) is listed for its tag owner and released to them once', async () => {
    const { usdtDepositTag: tag } = await getWallet(t, ann);
    const big = await park(`1500.${tag}`);
    expect(big.outcome.reason).toBe('over_review_threshold');
    const listed = (await heldList()).find((d) => d.txHash === big.transfer.txHash)!;
    expect(listed).toMatchObject({ reason: 'over_review_threshold', knownReason: true, candidate: { id: ann.userId, attribution: 'tag' } });
    const before = await balances(t, ann);
    const released = await ops(compliance, 'POST', `/api/ops/held/deposits/${listed.id}/attribute`, { userId: ann.userId, note: 'source of funds checked' });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect((await balances(t, ann)).USD).toBe(before.USD + listed.credits.amount);
    expect(listed.credits.amount).toBeGreaterThan(1500_00);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });
});

describe('stuck SBP payments', () => {
  it('a payment the acquirer never reported, past its expiry and the late-callback grace, is listed', async () => {
    await t.call({ method: 'POST', url: '/api/dev/sbp/settings', payload: { dropCallbacks: true, callbackDelayMs: 0, failCreate: false } });
    const created = await createSbp(t, ann, { amount: 500_00 });
    expect(created.status).toBe(200);
    const url = new URL(created.body.data.paymentUrl).pathname;
    await t.app.inject({ method: 'POST', url: `${url}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    await runJobs(t);
    const stuck = async () => {
      const res = await ops(compliance, 'GET', '/api/ops/held/sbp');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.items as Array<Record<string, any>>;
    };
    expect((await stuck()).some((p) => p.id === created.body.data.paymentId)).toBe(false);
    t.clock.advance(t.config.wallet.sbp.paymentTtlSeconds + 3601);
    compliance = await newOperator(t, ['compliance'], 'Carla Compliance'); // (the earlier session ran idle meanwhile)
    expect((await stuck()).find((p) => p.id === created.body.data.paymentId)).toMatchObject({
      stuck: 'noCallback',
      callbacks: 0,
      amount: { amount: 500_00, currency: 'RUB' },
      user: { id: ann.userId },
    });
    await t.call({ method: 'POST', url: '/api/dev/sbp/settings', payload: { dropCallbacks: false } });
  });
});
