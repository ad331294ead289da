import { allSettled, fork, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { createFakeServer, fail, ok } from '@/shared/api/index.testing';
import type { OpsWithdrawal } from '@/shared/contract/ops';
import { operatorSession } from '@/ops/entities/operator';
import { approveWithdrawal, declineWithdrawal } from '@/ops/features/withdrawal-decision';
import { $details, detailsClosed, detailsOpened, withdrawalsList, withdrawalsPage } from './withdrawals';

const server = createFakeServer();
const LIST = '/api/ops/withdrawals/awaiting';
const decidePath = (id: string) => `/api/ops/withdrawals/${id}/decide`;

const held = (id: string, patch: Partial<OpsWithdrawal> = {}): OpsWithdrawal => ({
  id,
  method: 'usdt',
  status: 'awaitingApproval',
  amount: { amount: 1_200_00, currency: 'USD' },
  fee: { amount: 1_00, currency: 'USD' },
  total: { amount: 1_201_00, currency: 'USD' },
  destination: { kind: 'tron', address: 'TCNtTa1rveKkovHR2ebABu4K66U6ocUCZX', label: 'Cold wallet', usdtAmount: '1200.000000' },
  txHash: null,
  explorerUrl: null,
  failureCode: null,
  transactionId: `tx_${id}`,
  createdAt: '2030-01-01T10:00:00.000Z',
  finishedAt: null,
  user: { id: 'usr_1', name: 'Edsger Dijkstra', email: 'edsger@example.com', frozen: false },
  approvalAbove: { amount: 1_000_00, currency: 'USD' },
  decidedBy: null,
  ...patch,
});

/** The server's list: what is still waiting. */
let waiting: OpsWithdrawal[] = [];

beforeEach(() => {
  server.reset();
  vi.stubGlobal('fetch', server.fetch);
  configureApi({ baseUrl: '', getInitData: () => undefined, operatorSession });
  waiting = [held('wdr_a'), held('wdr_b', { method: 'sbp', destination: { kind: 'sbp', bankId: 'sber', bankName: 'Sber', phoneMasked: '+7 ••• •••-45-67' } })];
  server.on('GET', LIST, () => ok({ items: waiting, nextCursor: null }));
});
afterEach(() => vi.unstubAllGlobals());

const opened = async () => {
  const scope = fork();
  await allSettled(withdrawalsPage.opened, { scope });
  return scope;
};
const ids = (scope: Scope) => scope.getState(withdrawalsList.$items).map((w) => w.id);

describe('withdrawals awaiting approval', () => {
  test('opening the page lists the held withdrawals, longest waiting first as the server sends them', async () => {
    const scope = await opened();
    expect(server.callsTo('GET', LIST)).toHaveLength(1);
    expect(server.callsTo('GET', LIST)[0]?.query.get('limit')).toBe('50');
    expect(ids(scope)).toEqual(['wdr_a', 'wdr_b']);
    expect(scope.getState(withdrawalsList.$error)).toBeNull();
  });

  test('one opened shows its details; opening its decision closes them, as does leaving the page', async () => {
    const scope = await opened();
    const [first] = scope.getState(withdrawalsList.$items);
    await allSettled(detailsOpened, { scope, params: first! });
    expect(scope.getState($details)?.id).toBe('wdr_a');
    await allSettled(detailsClosed, { scope });
    expect(scope.getState($details)).toBeNull();

    await allSettled(detailsOpened, { scope, params: first! });
    await allSettled(declineWithdrawal.opened, { scope, params: first! });
    expect(scope.getState($details)).toBeNull();
    expect(scope.getState(declineWithdrawal.$target)?.id).toBe('wdr_a');

    await allSettled(detailsOpened, { scope, params: first! });
    await allSettled(withdrawalsPage.closed, { scope });
    expect(scope.getState($details)).toBeNull();
  });

  test('approved with a reason: the decision is sent, its dialog closes and the list reloads without it', async () => {
    server.on('POST', decidePath('wdr_a'), () => {
      waiting = waiting.filter((w) => w.id !== 'wdr_a');
      return ok(held('wdr_a', { status: 'processing', decidedBy: 'opr_1' }));
    });
    const scope = await opened();
    await allSettled(approveWithdrawal.opened, { scope, params: scope.getState(withdrawalsList.$items)[0]! });
    await allSettled(approveWithdrawal.submitted, { scope, params: { params: { withdrawalId: 'wdr_a' }, body: { decision: 'approve', reason: 'checked the history' } } });
    expect(server.callsTo('POST', decidePath('wdr_a')).map((call) => call.body)).toEqual([{ decision: 'approve', reason: 'checked the history' }]);
    expect(scope.getState(approveWithdrawal.$target)).toBeNull();
    expect(server.callsTo('GET', LIST)).toHaveLength(2);
    expect(ids(scope)).toEqual(['wdr_b']);
  });

  test('a second decision (another operator was quicker): the dialog stays open with the server’s words, the list reloads', async () => {
    const scope = await opened();
    // Meanwhile another operator approved it.
    waiting = waiting.filter((w) => w.id !== 'wdr_a');
    server.on('POST', decidePath('wdr_a'), () =>
      fail(409, { service: 'ops', code: 'WITHDRAWAL_ALREADY_DECIDED', message: 'This withdrawal is not waiting for an approval.' }),
    );
    await allSettled(declineWithdrawal.opened, { scope, params: scope.getState(withdrawalsList.$items)[0]! });
    await allSettled(declineWithdrawal.submitted, { scope, params: { params: { withdrawalId: 'wdr_a' }, body: { decision: 'decline', reason: 'unusual for this account' } } });
    expect(scope.getState(declineWithdrawal.$target)?.id).toBe('wdr_a');
    expect(scope.getState(declineWithdrawal.$error)?.keys[0]).toBe('ops-errors:WITHDRAWAL_ALREADY_DECIDED');
    expect(server.callsTo('GET', LIST)).toHaveLength(2);
    expect(ids(scope)).toEqual(['wdr_b']);
    // Closing the dialog forgets the error.
    await allSettled(declineWithdrawal.closed, { scope });
    expect(scope.getState(declineWithdrawal.$error)).toBeNull();
  });

  test('a frozen account’s withdrawal refused for approval: the list reloads and shows the account frozen', async () => {
    const scope = await opened();
    waiting = waiting.map((w) => (w.id === 'wdr_a' ? { ...w, user: { ...w.user, frozen: true } } : w));
    server.on('POST', decidePath('wdr_a'), () => fail(409, { service: 'ops', code: 'WITHDRAWAL_ACCOUNT_FROZEN', message: 'The account is frozen.' }));
    await allSettled(approveWithdrawal.opened, { scope, params: scope.getState(withdrawalsList.$items)[0]! });
    await allSettled(approveWithdrawal.submitted, { scope, params: { params: { withdrawalId: 'wdr_a' }, body: { decision: 'approve', reason: 'checked the history' } } });
    expect(scope.getState(approveWithdrawal.$error)?.keys[0]).toBe('ops-errors:WITHDRAWAL_ACCOUNT_FROZEN');
    expect(scope.getState(withdrawalsList.$items)[0]?.user.frozen).toBe(true);
  });

  test('a failure that says nothing about the list (a refused reason, a lost connection) does not reload it', async () => {
    const scope = await opened();
    server.on('POST', decidePath('wdr_a'), () => fail(400, { service: 'ops', code: 'VALIDATION_FAILED', message: 'reason: Too small' }));
    await allSettled(approveWithdrawal.opened, { scope, params: scope.getState(withdrawalsList.$items)[0]! });
    await allSettled(approveWithdrawal.submitted, { scope, params: { params: { withdrawalId: 'wdr_a' }, body: { decision: 'approve', reason: 'ok!' } } });
    server.on('POST', decidePath('wdr_a'), () => 'network-error');
    await allSettled(approveWithdrawal.submitted, { scope, params: { params: { withdrawalId: 'wdr_a' }, body: { decision: 'approve', reason: 'checked' } } });
    expect(scope.getState(approveWithdrawal.$error)).not.toBeNull();
    expect(scope.getState(approveWithdrawal.$target)?.id).toBe('wdr_a');
    expect(server.callsTo('GET', LIST)).toHaveLength(1);
  });

  test('a list that fails to load says so', async () => {
    server.on('GET', LIST, () => fail(403, { service: 'ops', code: 'OPS_ROLE_REQUIRED', message: 'Your roles do not allow this.' }));
    const scope = await opened();
    expect(scope.getState(withdrawalsList.$error)?.keys[0]).toBe('ops-errors:OPS_ROLE_REQUIRED');
    expect(ids(scope)).toEqual([]);
  });
});
