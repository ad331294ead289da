/**
 * Manual adjustments under four eyes (docs/ops.md "Manual adjustments"): proposed by one admin, approved by another,
 * posted exactly once — also when many approvals race (real row locks on PostgreSQL: `npm run test:server:pg`).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/modules/ledger';
import { createTestApp, type TestApp } from './harness';
import { newOperator, type TestOperator } from './ops-support';
import { balances, depositUsdt, listTransactions, verifiedUser, type TestUser } from './wallet-support';

let t: TestApp;
let ada: TestOperator;
let bob: TestOperator;
let cat: TestOperator;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ada = await newOperator(t, ['admin'], 'Ada Admin');
  bob = await newOperator(t, ['admin'], 'Bob Admin');
  cat = await newOperator(t, ['admin'], 'Cat Admin');
  user = await verifiedUser(t);
});
afterAll(() => t?.close());

const post = (op: TestOperator, url: string, payload?: object) =>
  t.call({ method: 'POST', url, headers: { ...op.headers, 'idempotency-key': randomUUID() }, ...(payload ? { payload } : {}) });
const propose = async (payload: object) => {
  const res = await post(ada, '/api/ops/adjustments', { userId: user.userId, reason: 'the card network refunded twice', ...payload });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string; status: string };
};
const ledgerRows = (id: string) => t.db.query<{ id: string }>('SELECT id FROM ledger_transactions WHERE idempotency_key = $1', [`adjustment:${id}`]);

describe('four eyes', () => {
  it('a proposal moves nothing; its proposer cannot approve it; another admin can, and it posts once', async () => {
    const before = await balances(t, user);
    const proposal = await propose({ kind: 'goodwill', direction: 'credit', currency: 'USD', amount: 10_00 });
    expect(proposal).toMatchObject({ status: 'proposed', proposedBy: { id: ada.id }, decidedBy: null, transactionId: null });
    expect(await balances(t, user)).toEqual(before);
    const own = await post(ada, `/api/ops/adjustments/${proposal.id}/approve`);
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('FOUR_EYES_REQUIRED');
    const approved = await post(bob, `/api/ops/adjustments/${proposal.id}/approve`);
    expect(approved.body.data).toMatchObject({ status: 'posted', decidedBy: { id: bob.id }, transactionId: expect.any(String) });
    expect((await balances(t, user)).USD).toBe(before.USD + 10_00);
    expect((await post(cat, `/api/ops/adjustments/${proposal.id}/approve`)).body.error.code).toBe('ADJUSTMENT_ALREADY_DECIDED');
    // The user sees it in the history, as what it is.
    const row = (await listTransactions(t, user)).items.find((r) => r.id === approved.body.data.transactionId);
    expect(row).toMatchObject({ type: 'manualAdjustment', direction: 'credit', amount: { amount: 10_00, currency: 'USD' }, details: { kind: 'goodwill' } });
    expect(await ledgerRows(proposal.id)).toHaveLength(1);
  });

  it('many approvals at once by two other admins: exactly one posts', async () => {
    const before = await balances(t, user);
    const proposal = await propose({ kind: 'correction', direction: 'credit', currency: 'RUB', amount: 1_234_56 });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(i % 2 ? bob : cat, `/api/ops/adjustments/${proposal.id}/approve`)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.error.code).toBe('ADJUSTMENT_ALREADY_DECIDED');
    expect((await balances(t, user)).RUB).toBe(before.RUB + 1_234_56);
    expect(await ledgerRows(proposal.id)).toHaveLength(1);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });

  it('an approval racing a rejection: one decision wins, nothing else moves', async () => {
    const before = await balances(t, user);
    const proposal = await propose({ kind: 'goodwill', direction: 'credit', currency: 'USD', amount: 3_00 });
    const [approve, reject] = await Promise.all([
      post(bob, `/api/ops/adjustments/${proposal.id}/approve`),
      post(cat, `/api/ops/adjustments/${proposal.id}/reject`, { note: 'not our mistake' }),
    ]);
    expect([approve.status, reject.status].sort()).toEqual([200, 409]);
    const posted = approve.status === 200;
    expect((await balances(t, user)).USD).toBe(before.USD + (posted ? 3_00 : 0));
    expect(await ledgerRows(proposal.id)).toHaveLength(posted ? 1 : 0);
  });

  it('a correction that would take more than the wallet holds is refused and stays proposed; a rejection moves nothing', async () => {
    await depositUsdt(t, user, 20);
    const { USD } = await balances(t, user);
    const proposal = await propose({ kind: 'correction', direction: 'debit', currency: 'USD', amount: USD + 1 });
    const refused = await post(bob, `/api/ops/adjustments/${proposal.id}/approve`);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('ADJUSTMENT_INSUFFICIENT_FUNDS');
    const rejected = await post(ada, `/api/ops/adjustments/${proposal.id}/reject`, { note: 'withdrawn: wrong amount' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', decidedBy: { id: ada.id }, decisionNote: 'withdrawn: wrong amount' });
    expect((await balances(t, user)).USD).toBe(USD);
    // A debit within the wallet posts.
    const fine = await propose({ kind: 'correction', direction: 'debit', currency: 'USD', amount: 5_00 });
    expect((await post(cat, `/api/ops/adjustments/${fine.id}/approve`)).status).toBe(200);
    expect((await balances(t, user)).USD).toBe(USD - 5_00);
  });

  it('the rule holds in the database too: a posted row approved by its proposer is refused', async () => {
    const proposal = await propose({ kind: 'goodwill', direction: 'credit', currency: 'USD', amount: 1_00 });
    await expect(
      t.db.query(`UPDATE ops_adjustments SET status = 'posted', decided_by = proposed_by, decided_at = now(), transaction_id = (SELECT id FROM ledger_transactions LIMIT 1) WHERE id = $1`, [
        proposal.id,
      ]),
    ).rejects.toThrow(/check/i);
  });

  it('bad proposals: a goodwill debit, an unknown user; the list filters by status', async () => {
    const debit = await post(ada, '/api/ops/adjustments', { userId: user.userId, kind: 'goodwill', direction: 'debit', currency: 'USD', amount: 1_00, reason: 'nope' });
    expect(debit.status).toBe(400);
    const nobody = await post(ada, '/api/ops/adjustments', { userId: 'nobody', kind: 'goodwill', direction: 'credit', currency: 'USD', amount: 1_00, reason: 'nope' });
    expect(nobody.body.error.code).toBe('USER_NOT_FOUND');
    const proposed = await t.call({ method: 'GET', url: '/api/ops/adjustments?status=proposed', headers: cat.headers });
    expect(proposed.body.data.items.every((a: { status: string }) => a.status === 'proposed')).toBe(true);
    const audit = await t.db.query<{ action: string }>(`SELECT DISTINCT action FROM ops_audit_log WHERE target_type = 'adjustment'`);
    expect(audit.map((a) => a.action).sort()).toEqual(['adjustment.posted', 'adjustment.proposed', 'adjustment.rejected']);
  });
});
