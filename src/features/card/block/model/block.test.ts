import { allSettled, fork } from 'effector';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $card, cardChanged, cardOpened } from '@/entities/card';
import { makeCard, useCardsFakeApi } from '@/entities/card/index.testing';
import { walletFixture } from '@/entities/wallet/index.testing';
import { apiDataReset } from '@/shared/api';
import { fail, ok } from '@/shared/api/index.testing';
import { i18n, initI18n } from '@/shared/i18n';
import { cardBlockTexts } from '../i18n/texts';

const toasts = vi.hoisted(() => ({ error: [] as Array<[unknown, unknown]>, success: [] as unknown[], navigated: [] as unknown[] }));
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
const { navigateFx } = await import('@/shared/lib');
const { $blockCard, $reasonMissing, BLOCK_REASONS, blockConfirmed, blockRequested, reasonChanged } = await import('./block');

const server = useCardsFakeApi();
const active = makeCard({ allowedActions: ['freeze', 'topup', 'reveal', 'withdraw', 'close', 'block'] });
const blocked = makeCard({ status: 'blocked', statusReason: 'STOLEN', balance: { amount: 0, currency: 'USD' }, allowedActions: ['replace'] });

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await i18n.loadNamespaces(['cards', 'card', 'errors', cardBlockTexts.ns]);
});
beforeEach(async () => {
  toasts.error.length = 0;
  toasts.success.length = 0;
  sessionStorage.clear();
  await allSettled(apiDataReset, { scope: fork() });
  server.on('GET', '/api/wallet', () => ok(walletFixture()));
  server.on('GET', '/api/cards', () => ok({ items: [], nextCursor: null }));
});

describe('block for good', () => {
  it('offers the four reasons of the contract', () => {
    expect(BLOCK_REASONS).toEqual(['lost', 'stolen', 'damaged', 'suspected_fraud']);
  });

  it('needs a reason: confirming without one sends nothing and asks for it', async () => {
    const scope = fork();
    await allSettled(blockRequested, { scope, params: active });
    await allSettled(blockConfirmed, { scope });
    expect(scope.getState($reasonMissing)).toBe(true);
    expect(server.callsTo('POST', '/api/cards/crd_1/block')).toHaveLength(0);
  });

  it('sends the reason with an Idempotency-Key; the card shows "blocking" and the sheet closes', async () => {
    let current: typeof active = active;
    server.on('POST', '/api/cards/crd_1/block', () => ok((current = makeCard({ status: 'blocking', statusReason: 'STOLEN', allowedActions: [] }))));
    server.on('GET', '/api/cards/crd_1', () => ok(current));
    server.on('GET', '/api/cards/crd_1/balance', () => ok({ cardId: 'crd_1', available: active.balance, pending: active.balance, updatedAt: '2025-01-02T03:04:05.000Z' }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const scope = fork();
    await allSettled(cardOpened, { scope, params: 'crd_1' });
    await allSettled(blockRequested, { scope, params: active });
    await allSettled(reasonChanged, { scope, params: 'stolen' });
    const run = allSettled(blockConfirmed, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($card)).toMatchObject({ status: 'blocking', statusReason: 'STOLEN' });
    current = blocked;
    await vi.advanceTimersByTimeAsync(2_000);
    await run;
    expect(scope.getState($card)).toMatchObject({ status: 'blocked', allowedActions: ['replace'] });
    const calls = server.callsTo('POST', '/api/cards/crd_1/block');
    expect(calls.map((call) => call.body)).toEqual([{ reason: 'stolen' }]);
    expect(calls[0]!.headers.get('idempotency-key')).toBeTruthy();
    expect(scope.getState($blockCard)).toBeNull();
    expect(toasts.success).toContain('Blocking the card');
  });

  it('a refusal: "Failed to block card" with the reason', async () => {
    server.on('POST', '/api/cards/crd_1/block', () => fail(503, { service: 'api', code: 'UPSTREAM_UNAVAILABLE', message: 'no' }));
    const scope = fork();
    await allSettled(blockRequested, { scope, params: active });
    await allSettled(reasonChanged, { scope, params: 'lost' });
    await allSettled(blockConfirmed, { scope });
    expect(toasts.error[0]?.[1]).toMatchObject({ description: expect.stringMatching(/^Failed to block card\. /) });
  });
});
