import { allSettled, fork } from 'effector';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $card, cardOpened } from '@/entities/card';
import { makeCard, useCardsFakeApi } from '@/entities/card/index.testing';
import { userFixture } from '@/entities/user/index.testing';
import { walletFixture } from '@/entities/wallet/index.testing';
import { apiDataReset } from '@/shared/api';
import { fail, ok } from '@/shared/api/index.testing';
import { i18n, initI18n } from '@/shared/i18n';
import { cardWithdrawTexts } from '../i18n/texts';

const toasts = vi.hoisted(() => ({ error: [] as Array<[unknown, unknown]>, success: [] as unknown[] }));
vi.mock('@/shared/ui', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/shared/ui')>();
  return {
    ...actual,
    notify: {
      ...actual.notify,
      error: vi.fn(async (m: unknown, o?: unknown) => toasts.error.push([m, o])),
      success: vi.fn(async (m: unknown) => toasts.success.push(m)),
    },
  };
});
const { $amountError, $amountInput, $step, allRequested, amountChanged, canWithdraw, withdrawConfirmed, withdrawOpened, withdrawProblem, withdrawReviewed } =
  await import('./withdraw');

const server = useCardsFakeApi();
/** What the server holds on the card now (the fake follows the withdrawals it answered). */
let held = 5_000;
const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const card = makeCard({ balance: usd(5_000), allowedActions: ['freeze', 'topup', 'reveal', 'withdraw', 'close', 'block'] });
const answer = (amount: number) => ({
  card: makeCard({ ...card, balance: usd(5_000 - amount) }),
  withdrawal: { id: 'cwd_1', amount: usd(amount), status: 'completed', createdAt: '2025-01-02T03:04:05.000Z' },
});

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await i18n.loadNamespaces(['cards', 'card', 'errors', cardWithdrawTexts.ns]);
});
beforeEach(async () => {
  toasts.error.length = 0;
  toasts.success.length = 0;
  sessionStorage.clear();
  await allSettled(apiDataReset, { scope: fork() });
  server.on('GET', '/api/users/me', () => ok(userFixture('verified')));
  server.on('GET', '/api/wallet', () => ok(walletFixture()));
  held = 5_000;
  server.on('GET', '/api/cards/crd_1', () => ok(makeCard({ ...card, balance: usd(held) })));
  server.on('GET', '/api/cards/crd_1/balance', () => ok({ cardId: 'crd_1', available: usd(held), pending: usd(0), updatedAt: '2025-01-02T03:04:05.000Z' }));
});

describe('withdraw from a card', () => {
  it('is offered only when the card allows it and holds money', () => {
    expect(canWithdraw(card)).toBe(true);
    expect(canWithdraw(makeCard({ ...card, balance: usd(0) }))).toBe(false);
    expect(canWithdraw(makeCard({ allowedActions: ['freeze'] }))).toBe(false);
  });

  it('refuses more than the card holds, an empty or a broken amount', () => {
    expect(withdrawProblem('', usd(5_000))).toBe('required');
    expect(withdrawProblem('abc', usd(5_000))).toBe('invalid');
    expect(withdrawProblem('0', usd(5_000))).toBe('invalid');
    expect(withdrawProblem('50.01', usd(5_000))).toBe('aboveBalance');
    expect(withdrawProblem('50', usd(5_000))).toBeNull();
  });

  it('"All" fills the whole balance; over the balance stays on the amount step', async () => {
    const scope = fork();
    await allSettled(withdrawOpened, { scope, params: card });
    await allSettled(amountChanged, { scope, params: '60' });
    await allSettled(withdrawReviewed, { scope });
    expect(scope.getState($amountError)).toBe('aboveBalance');
    expect(scope.getState($step)).toBe('amount');
    await allSettled(allRequested, { scope });
    expect(scope.getState($amountInput)).toBe('50');
    await allSettled(withdrawReviewed, { scope });
    expect(scope.getState($step)).toBe('confirm');
  });

  it('confirms, sends the amount with an Idempotency-Key, shows the new balance and reloads the wallet', async () => {
    server.on('POST', '/api/cards/crd_1/withdraw', (request) => {
      held -= (request.body as { amount: number }).amount;
      return ok(answer((request.body as { amount: number }).amount));
    });
    const scope = fork();
    await allSettled(cardOpened, { scope, params: 'crd_1' });
    const walletLoads = server.callsTo('GET', '/api/wallet').length;
    await allSettled(withdrawOpened, { scope, params: card });
    await allSettled(amountChanged, { scope, params: '12.50' });
    await allSettled(withdrawReviewed, { scope });
    await allSettled(withdrawConfirmed, { scope });
    const calls = server.callsTo('POST', '/api/cards/crd_1/withdraw');
    expect(calls.map((call) => call.body)).toEqual([{ amount: 1_250 }]);
    expect(calls[0]!.headers.get('idempotency-key')).toBeTruthy();
    expect(scope.getState($card)?.balance.amount).toBe(3_750);
    expect(scope.getState($step)).toBe('closed');
    expect(server.callsTo('GET', '/api/wallet').length).toBeGreaterThan(walletLoads);
    expect(toasts.success).toContain('Money moved to your wallet');
  });

  it('a lost answer: confirming the same amount again sends the same key', async () => {
    const replies = ['network-error', ok(answer(1_000))] as const;
    let n = 0;
    server.on('POST', '/api/cards/crd_1/withdraw', () => replies[n++]!);
    for (let i = 0; i < 2; i += 1) {
      const scope = fork();
      await allSettled(withdrawOpened, { scope, params: card });
      await allSettled(amountChanged, { scope, params: '10' });
      await allSettled(withdrawReviewed, { scope });
      await allSettled(withdrawConfirmed, { scope });
    }
    const keys = server.callsTo('POST', '/api/cards/crd_1/withdraw').map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a refusal is shown with words: "Failed to move money to the wallet. The card holds less than that."', async () => {
    server.on('POST', '/api/cards/crd_1/withdraw', () => fail(422, { service: 'cards', code: 'CARD_BALANCE_EXCEEDED', message: 'no' }));
    const scope = fork();
    await allSettled(withdrawOpened, { scope, params: card });
    await allSettled(amountChanged, { scope, params: '10' });
    await allSettled(withdrawReviewed, { scope });
    await allSettled(withdrawConfirmed, { scope });
    expect(toasts.error).toContainEqual(['Card Operation Error', { description: 'Failed to move money to the wallet. The card holds less than that.' }]);
  });
});
