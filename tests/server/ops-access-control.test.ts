/**
 * Who may call what on the operator side (docs/ops.md "Operators and roles"), walked over the contract's registry: every
 * operator endpoint is called by an operator of each role — the roles it declares get past route()'s check, the others
 * are refused with 403 OPS_ROLE_REQUIRED and nothing changes; a user's token is refused by every operator endpoint and
 * an operator's by every user endpoint. A new operator endpoint without a request here fails the first test.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList } from '@/shared/contract';
import { OPERATOR_ROLES, type OperatorRole } from '@/shared/contract/core';
import { opsEndpointList, type OpsEndpointId } from '@/shared/contract/ops';
import { createCard, setIssuerMode } from './card-helpers';
import { createTestApp, type TestApp } from './harness';
import { newOperator, type TestOperator } from './ops-support';
import { depositUsdt, rawTransfer, runJobs, verifiedUser, type TestUser } from './wallet-support';

let t: TestApp;
let target: TestUser;
const byRole = {} as Record<OperatorRole, TestOperator>;
const ids = { cardId: '', depositId: '', adjustmentId: '', operatorId: '', sessionId: '' };

beforeAll(async () => {
  t = await createTestApp();
  for (const role of OPERATOR_ROLES) byRole[role] = await newOperator(t, [role], `Only ${role}`);
  const proposer = await newOperator(t, ['admin'], 'Paula Proposer');
  target = await verifiedUser(t);
  await setIssuerMode(t, { delayMs: 0 });
  await depositUsdt(t, target, 100);
  const card = await createCard(t, { ...target, id: target.userId }, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
  await runJobs(t);
  ids.cardId = card.body.data.id;
  await rawTransfer(t, { amount: '12.000000' });
  ids.depositId = String((await t.db.query<{ id: number }>('SELECT id FROM unmatched_deposits ORDER BY id DESC LIMIT 1'))[0]!.id);
  const proposal = await t.call({
    method: 'POST',
    url: '/api/ops/adjustments',
    headers: { ...proposer.headers, 'idempotency-key': randomUUID() },
    payload: { userId: target.userId, kind: 'goodwill', direction: 'credit', currency: 'USD', amount: 1_00, reason: 'access-control walk' },
  });
  ids.adjustmentId = proposal.body.data.id;
  ids.operatorId = proposer.id;
  ids.sessionId = JSON.parse(Buffer.from(target.token.split('.')[1]!, 'base64url').toString('utf8')).sid;
});
afterAll(() => t?.close());

type Sample = { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object };
const u = () => target.userId;
/** A request per operator endpoint, as the console would send it. */
const samples: Record<Exclude<OpsEndpointId, `ops.auth.${string}`>, () => Sample> = {
  'ops.me': () => ({ method: 'GET', url: '/api/ops/me' }),
  'ops.users.search': () => ({ method: 'GET', url: `/api/ops/users?q=${encodeURIComponent(target.email)}` }),
  'ops.users.get': () => ({ method: 'GET', url: `/api/ops/users/${u()}` }),
  'ops.users.ledger': () => ({ method: 'GET', url: `/api/ops/users/${u()}/ledger` }),
  'ops.users.cards': () => ({ method: 'GET', url: `/api/ops/users/${u()}/cards` }),
  'ops.users.sessions': () => ({ method: 'GET', url: `/api/ops/users/${u()}/sessions` }),
  'ops.users.notes': () => ({ method: 'GET', url: `/api/ops/users/${u()}/notes` }),
  'ops.users.addNote': () => ({ method: 'POST', url: `/api/ops/users/${u()}/notes`, payload: { text: 'a note' } }),
  'ops.users.endSessions': () => ({ method: 'POST', url: `/api/ops/users/${u()}/sessions/end`, payload: { sessionId: ids.sessionId, reason: 'walk' } }),
  'ops.cards.block': () => ({ method: 'POST', url: `/api/ops/cards/${ids.cardId}/block`, payload: { reason: 'lost', note: 'walk' } }),
  'ops.users.freeze': () => ({ method: 'POST', url: `/api/ops/users/${u()}/freeze`, payload: { reason: 'compliance_review', note: 'walk' } }),
  'ops.users.unfreeze': () => ({ method: 'POST', url: `/api/ops/users/${u()}/unfreeze`, payload: { note: 'walk' } }),
  'ops.kyc.queue': () => ({ method: 'GET', url: '/api/ops/kyc/queue' }),
  'ops.kyc.decide': () => ({ method: 'POST', url: `/api/ops/kyc/${u()}/decision`, payload: { decision: 'approve', reason: 'walk' } }),
  'ops.held.deposits': () => ({ method: 'GET', url: '/api/ops/held/deposits' }),
  'ops.held.attribute': () => ({ method: 'POST', url: `/api/ops/held/deposits/${ids.depositId}/attribute`, payload: { userId: u(), note: 'walk' } }),
  'ops.held.markReturn': () => ({ method: 'POST', url: `/api/ops/held/deposits/${ids.depositId}/return`, payload: { note: 'walk', returnAddress: null } }),
  'ops.held.sbp': () => ({ method: 'GET', url: '/api/ops/held/sbp' }),
  'ops.withdrawals.awaiting': () => ({ method: 'GET', url: '/api/ops/withdrawals/awaiting' }),
  // No such withdrawal: the role check comes first, then 404 (tests/server/withdrawals.test.ts decides real ones).
  'ops.withdrawals.decide': () => ({ method: 'POST', url: '/api/ops/withdrawals/wdr_walk/decide', payload: { decision: 'decline', reason: 'walk' } }),
  'ops.adjustments.list': () => ({ method: 'GET', url: '/api/ops/adjustments' }),
  'ops.adjustments.propose': () => ({
    method: 'POST',
    url: '/api/ops/adjustments',
    payload: { userId: u(), kind: 'correction', direction: 'credit', currency: 'RUB', amount: 1_00, reason: 'walk' },
  }),
  'ops.adjustments.approve': () => ({ method: 'POST', url: `/api/ops/adjustments/${ids.adjustmentId}/approve` }),
  'ops.adjustments.reject': () => ({ method: 'POST', url: `/api/ops/adjustments/${ids.adjustmentId}/reject`, payload: { note: 'walk' } }),
  'ops.audit.search': () => ({ method: 'GET', url: `/api/ops/audit?userId=${u()}` }),
  'ops.reconciliation.list': () => ({ method: 'GET', url: '/api/ops/reconciliation' }),
  'ops.reconciliation.run': () => ({ method: 'POST', url: '/api/ops/reconciliation/run', payload: {} }),
  'ops.operators.list': () => ({ method: 'GET', url: '/api/ops/operators' }),
  'ops.operators.create': () => ({ method: 'POST', url: '/api/ops/operators', payload: { email: `walk.${randomUUID()}@example.com`, name: 'Walk Walker', roles: ['support'] } }),
  'ops.operators.update': () => ({ method: 'PATCH', url: `/api/ops/operators/${ids.operatorId}`, payload: { roles: ['admin', 'support'], reason: 'walk' } }),
};

const send = (sample: Sample, headers: Record<string, string>) =>
  t.call({ method: sample.method, url: sample.url, headers: { ...headers, 'idempotency-key': randomUUID() }, ...(sample.payload ? { payload: sample.payload } : {}) });

/** What a refused call must leave as it was: every balance, the ledger, the audit log, the account's state. */
const snapshot = async () => ({
  balances: await t.db.query('SELECT id, balance::text AS balance FROM ledger_accounts ORDER BY id'),
  audit: (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ops_audit_log'))[0]!.n,
  user: await t.db.query('SELECT verification_status, frozen_reason FROM users WHERE id = $1', [target.userId]),
  held: await t.db.query('SELECT id, resolution FROM unmatched_deposits ORDER BY id'),
  adjustments: await t.db.query('SELECT id, status FROM ops_adjustments ORDER BY id'),
  operators: await t.db.query('SELECT id, roles, disabled_at FROM operators ORDER BY id'),
  notes: (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_notes'))[0]!.n,
});

const operatorEndpoints = opsEndpointList.filter((e) => e.auth === 'operator');

/**
 * Calls that neither act nor show a user's data: the operator's own identity, the reconciliation reports (totals), the
 * operators list (the operators' own changes are audited).
 */
const NOT_AUDITED = new Set<OpsEndpointId>(['ops.me', 'ops.reconciliation.list', 'ops.operators.list']);

describe('every operator endpoint, every role', () => {
  it('each operator endpoint has a request here, and declares at least one role', () => {
    expect(operatorEndpoints.map((e) => e.id).sort()).toEqual(Object.keys(samples).sort());
    for (const e of operatorEndpoints) expect(e.roles?.length, e.id).toBeGreaterThan(0);
    // The sign-in calls are the only operator-side calls without an operator token.
    expect(opsEndpointList.filter((e) => e.auth !== 'operator').every((e) => e.id.startsWith('ops.auth.'))).toBe(true);
  });

  for (const endpoint of operatorEndpoints) {
    it(`${endpoint.id}: ${endpoint.roles!.join(', ')} may; the other roles are refused and nothing changes`, async () => {
      const sample = samples[endpoint.id as keyof typeof samples]();
      for (const role of OPERATOR_ROLES.filter((r) => !endpoint.roles!.includes(r))) {
        const before = await snapshot();
        const res = await send(sample, byRole[role].headers);
        expect({ role, status: res.status, code: res.body.error?.code }).toEqual({ role, status: 403, code: 'OPS_ROLE_REQUIRED' });
        expect(await snapshot()).toEqual(before);
      }
      for (const role of endpoint.roles!) {
        const auditBefore = (await snapshot()).audit;
        const res = await send(sample, byRole[role].headers);
        expect([401, 403], `${role} → ${res.status} ${JSON.stringify(res.body)}`).not.toContain(res.status);
        // Every action and every view of a user's data leaves its row in the audit log (docs/ops.md "Audit log").
        if (res.status < 300 && !NOT_AUDITED.has(endpoint.id as OpsEndpointId)) expect((await snapshot()).audit, `${endpoint.id} by ${role}`).toBeGreaterThan(auditBefore);
      }
      // Nobody signed in, or a user: refused before anything happens.
      expect((await send(sample, {})).status).toBe(401);
      expect((await send(sample, target.headers)).status).toBe(401);
    });
  }
});

describe('an operator is not a user', () => {
  it('an operator token is refused by every user endpoint', async () => {
    const admin = byRole.admin;
    const bearer = endpointList.filter((e) => e.auth === 'bearer');
    expect(bearer.length).toBeGreaterThan(30);
    for (const endpoint of bearer) {
      const url = endpoint.path.replace(/\{(\w+)\}/g, 'x1');
      const res = await t.call({ method: endpoint.method, url, headers: { ...admin.headers, 'idempotency-key': randomUUID() }, ...(endpoint.method === 'GET' ? {} : { payload: {} }) });
      expect({ id: endpoint.id, status: res.status }).toEqual({ id: endpoint.id, status: 401 });
    }
  });
});
