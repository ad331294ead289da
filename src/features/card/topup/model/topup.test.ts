import { allSettled, fork } from 'effector';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $card, $pollRunning, cardOpened } from '@/entities/card';
import { makeCard, useCardsFakeApi } from '@/entities/card/index.testing';
import { makeProduct } from '@/entities/card-product/index.testing';
import { userFixture } from '@/entities/user/index.testing';
import { walletFixture } from '@/entities/wallet/index.testing';
import { apiDataReset } from '@/shared/api';
import { fail, ok } from '@/shared/api/index.testing';
import { i18n, initI18n } from '@/shared/i18n';
import { closingGuardFx, hideKeyboardFx } from '@/shared/lib';

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
const { $amountError, $topUpBlock, $charge: $topUpCharge, $shortfall: $topUpShortfall, $step: $topUpStep, amountChanged, topUpClosed, topUpConfirmed, topUpEdited, topUpOpened, topUpReviewed } = await import('./topup');

const server = useCardsFakeApi();
const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const product = makeProduct({ id: 'prd_visa', depositFee: { bps: 150, fixed: usd(100) }, depositRange: { min: usd(1_000), max: usd(100_000) } });
let balance = 5_000;

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await i18n.loadNamespaces(['card', 'card-topup', 'card-product', 'errors']);
});
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  toasts.error.length = 0;
  toasts.success.length = 0;
  balance = 5_000;
  sessionStorage.clear();
  await allSettled(apiDataReset, { scope: fork() });
  server.on('GET', '/api/cards/products/prd_visa', () => ok(product));
  server.on('GET', '/api/cards/crd_1', () => ok(makeCard({ balance: usd(balance) })));
  server.on('GET', '/api/cards/crd_1/balance', () => ok({ cardId: 'crd_1', available: usd(balance), pending: usd(0), updatedAt: '2025-01-02T03:04:05.000Z' }));
});

const topUpAnswer = (amount: number) => ({
  card: makeCard({ balance: usd(5_000) }),
  transfer: { id: 'trf_1', amount: usd(amount), fee: usd(100 + Math.ceil((amount * 150) / 10_000)), total: usd(amount + 100 + Math.ceil((amount * 150) / 10_000)), status: 'pending', createdAt: '2025-01-02T03:04:05.000Z' },
});

describe('card top-up', () => {
  it('inside Telegram: "Continue" closes the keyboard; closing asks while the top-up is confirmed or sent, not before or after', async () => {
    const guard: boolean[] = [];
    const keyboard = vi.fn();
    const scope = fork({ handlers: [[closingGuardFx, (on: boolean) => void guard.push(on)], [hideKeyboardFx, keyboard]] });
    await allSettled(topUpOpened, { scope, params: makeCard() });
    await allSettled(amountChanged, { scope, params: '25' });
    expect(guard).toEqual([]);
    await allSettled(topUpReviewed, { scope });
    expect(keyboard).toHaveBeenCalledTimes(1);
    expect(guard).toEqual([true]);
    await allSettled(topUpEdited, { scope });
    expect(guard).toEqual([true, false]);
    await allSettled(topUpReviewed, { scope });
    await allSettled(topUpClosed, { scope });
    expect(guard).toEqual([true, false, true, false]);
  });

  it('checks the amount against the deposit range and shows the fee and the total', async () => {
    const scope = fork();
    await allSettled(topUpOpened, { scope, params: makeCard() });
    await allSettled(amountChanged, { scope, params: '5' });
    await allSettled(topUpReviewed, { scope });
    expect(scope.getState($amountError)).toBe('belowMin');
    expect(scope.getState($topUpStep)).toBe('amount');

    await allSettled(amountChanged, { scope, params: '25' });
    expect(scope.getState($topUpCharge)).toEqual({ amount: usd(2_500), fee: usd(138), total: usd(2_638) });
    await allSettled(topUpReviewed, { scope });
    expect(scope.getState($topUpStep)).toBe('confirm');
    expect(server.callsTo('POST', '/api/cards/crd_1/topup')).toHaveLength(0);
  });

  it('sends amount and currency with an Idempotency-Key, then waits for the money on the card', async () => {
    server.on('POST', '/api/cards/crd_1/topup', (request) => ok(topUpAnswer((request.body as { amount: number }).amount)));
    const scope = fork();
    await allSettled(cardOpened, { scope, params: 'crd_1' });
    await allSettled(topUpOpened, { scope, params: scope.getState($card)! });
    await allSettled(amountChanged, { scope, params: '25' });
    await allSettled(topUpReviewed, { scope });

    const run = allSettled(topUpConfirmed, { scope });
    await vi.advanceTimersByTimeAsync(0);
    const [post] = server.callsTo('POST', '/api/cards/crd_1/topup');
    expect(post?.body).toEqual({ amount: 2_500, currency: 'USD' });
    expect(post?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(scope.getState($topUpStep)).toBe('closed');
    expect(toasts.success).toContain('Top-up accepted');
    expect(scope.getState($pollRunning)).toBe(true);

    balance = 7_500;
    await vi.advanceTimersByTimeAsync(2_000);
    await run;
    expect(scope.getState($card)?.balance).toEqual(usd(7_500));
    expect(scope.getState($pollRunning)).toBe(false);
  });

  it('a refused top-up says so; the refusal is definitive, so confirming again is a new request with a new key', async () => {
    server.on('POST', '/api/cards/crd_1/topup', () => fail(422, { service: 'wallet', code: 'INSUFFICIENT_FUNDS', message: 'no' }));
    const scope = fork();
    await allSettled(topUpOpened, { scope, params: makeCard() });
    await allSettled(amountChanged, { scope, params: '25' });
    await allSettled(topUpReviewed, { scope });
    await allSettled(topUpConfirmed, { scope });
    expect(toasts.error).toContainEqual(['Card Operation Error', { description: 'Failed to top up card. Not enough money in your wallet.' }]);
    expect(scope.getState($topUpStep)).toBe('confirm');
    await allSettled(topUpConfirmed, { scope });

    await allSettled(topUpEdited, { scope });
    await allSettled(amountChanged, { scope, params: '20' });
    await allSettled(topUpReviewed, { scope });
    await allSettled(topUpConfirmed, { scope });
    const keys = server.callsTo('POST', '/api/cards/crd_1/topup').map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  const confirmInNewSheet = async (amount: string) => {
    // A new scope: the sheet was closed and opened again (or the page reloaded).
    const scope = fork();
    await allSettled(topUpOpened, { scope, params: makeCard() });
    await allSettled(amountChanged, { scope, params: amount });
    await allSettled(topUpReviewed, { scope });
    const run = allSettled(topUpConfirmed, { scope });
    await vi.advanceTimersByTimeAsync(10_001);
    await run;
    return scope;
  };
  const topUpKeys = () => server.callsTo('POST', '/api/cards/crd_1/topup').map((call) => call.headers.get('idempotency-key'));

  it('a lost answer (dropped connection, timeout): the same top-up confirmed again after closing the sheet keeps its key', async () => {
    const replies = ['network-error', 'hang', ok(topUpAnswer(2_500)), ok(topUpAnswer(2_500))] as const;
    let n = 0;
    server.on('POST', '/api/cards/crd_1/topup', () => replies[n++]!);
    const first = await confirmInNewSheet('25');
    await allSettled(topUpClosed, { scope: first });
    await confirmInNewSheet('25'); // times out
    await confirmInNewSheet('25'); // the server replays: money moved once
    const keys = topUpKeys();
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    // The answer was definitive: the next top-up of the same amount is a new one.
    await confirmInNewSheet('25');
    expect(topUpKeys()[3]).not.toBe(keys[0]);
  });

  it('another amount after a lost answer is another top-up with its own key', async () => {
    server.on('POST', '/api/cards/crd_1/topup', () => 'network-error');
    await confirmInNewSheet('25');
    await confirmInNewSheet('20');
    await confirmInNewSheet('25');
    const [a, b, c] = topUpKeys();
    expect(b).not.toBe(a);
    expect(c).toBe(a);
  });

  it('shows the shortfall and cannot be confirmed while the wallet lacks the money', async () => {
    let wallet = walletFixture({ usd: 10_00 });
    server.on('GET', '/api/wallet', () => ok(wallet));
    server.on('POST', '/api/cards/crd_1/topup', () => ok(topUpAnswer(2_500)));
    const scope = fork();
    await allSettled(topUpOpened, { scope, params: makeCard() });
    await allSettled(amountChanged, { scope, params: '25' });
    // $25.00 + $1.38 fee = $26.38; the wallet has $10.00.
    expect(scope.getState($topUpShortfall)).toEqual(usd(16_38));
    await allSettled(topUpReviewed, { scope });
    expect(scope.getState($topUpStep)).toBe('confirm');
    await allSettled(topUpConfirmed, { scope });
    expect(server.callsTo('POST', '/api/cards/crd_1/topup')).toHaveLength(0);

    // The user topped up the wallet meanwhile: the sheet opened again knows it, and the top-up goes.
    wallet = walletFixture({ usd: 30_00 });
    await allSettled(apiDataReset, { scope });
    await allSettled(topUpClosed, { scope });
    await allSettled(topUpOpened, { scope, params: makeCard() });
    await allSettled(amountChanged, { scope, params: '25' });
    expect(scope.getState($topUpShortfall)).toBeNull();
    await allSettled(topUpReviewed, { scope });
    await allSettled(topUpConfirmed, { scope });
    expect(server.callsTo('POST', '/api/cards/crd_1/topup')).toHaveLength(1);
  });

  it('a user under verification is told why up front: no confirmation step, no request', async () => {
    server.on('GET', '/api/users/me', () => ok(userFixture('under_verification')));
    server.on('POST', '/api/cards/crd_1/topup', () => ok(topUpAnswer(2_500)));
    const scope = fork();
    await allSettled(topUpOpened, { scope, params: makeCard() });
    expect(scope.getState($topUpBlock)).toBe('underVerification');
    await allSettled(amountChanged, { scope, params: '25' });
    await allSettled(topUpReviewed, { scope });
    expect(scope.getState($topUpStep)).toBe('amount');
    await allSettled(topUpConfirmed, { scope });
    expect(server.callsTo('POST', '/api/cards/crd_1/topup')).toHaveLength(0);
  });
});
