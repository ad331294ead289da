import { allSettled, fork } from 'effector';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $card, cardChanged, cardOpened } from '@/entities/card';
import { makeCard, useCardsFakeApi } from '@/entities/card/index.testing';
import { walletFixture } from '@/entities/wallet/index.testing';
import { apiDataReset } from '@/shared/api';
import { fail, ok } from '@/shared/api/index.testing';
import type { CardStatus } from '@/shared/contract';
import { i18n, initI18n } from '@/shared/i18n';
import { cardCloseTexts } from '../i18n/texts';

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
const { $closeCard, canClose, closeConfirmed, closeDismissed, closeRequested } = await import('./close');

const server = useCardsFakeApi();
const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const ACTIONS: Partial<Record<CardStatus, Array<'freeze' | 'topup' | 'reveal' | 'withdraw' | 'close' | 'block'>>> = {
  active: ['freeze', 'topup', 'reveal', 'withdraw', 'close', 'block'],
};
const cardIn = (status: CardStatus, balance = 5_000) => makeCard({ status, balance: usd(balance), allowedActions: ACTIONS[status] ?? [] });
let status: CardStatus = 'active';

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await i18n.loadNamespaces(['cards', 'card', 'errors', cardCloseTexts.ns]);
});
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  toasts.error.length = 0;
  toasts.success.length = 0;
  status = 'active';
  sessionStorage.clear();
  await allSettled(apiDataReset, { scope: fork() });
  server.on('GET', '/api/wallet', () => ok(walletFixture()));
  server.on('GET', '/api/cards', () => ok({ items: [], nextCursor: null }));
  server.on('GET', '/api/cards/crd_1', () => ok(cardIn(status, status === 'closed' ? 0 : 5_000)));
  server.on('GET', '/api/cards/crd_1/balance', () => ok({ cardId: 'crd_1', available: usd(0), pending: usd(0), updatedAt: '2025-01-02T03:04:05.000Z' }));
});

describe('close a card', () => {
  it('asks for confirmation first; dismissing sends nothing', async () => {
    const scope = fork();
    expect(canClose(cardIn('active'))).toBe(true);
    expect(canClose(cardIn('closing'))).toBe(false);
    await allSettled(closeRequested, { scope, params: cardIn('active') });
    expect(scope.getState($closeCard)?.id).toBe('crd_1');
    await allSettled(closeDismissed, { scope });
    expect(scope.getState($closeCard)).toBeNull();
    expect(server.callsTo('POST', '/api/cards/crd_1/close')).toHaveLength(0);
    // A card that cannot be closed opens no confirmation.
    await allSettled(closeRequested, { scope, params: cardIn('closed') });
    expect(scope.getState($closeCard)).toBeNull();
  });

  it('confirmed: POST with an Idempotency-Key, "closing" at once, polled until "closed", then the wallet is reloaded', async () => {
    server.on('POST', '/api/cards/crd_1/close', () => {
      status = 'closing';
      return ok(cardIn('closing'));
    });
    const scope = fork();
    await allSettled(cardOpened, { scope, params: 'crd_1' });
    await allSettled(closeRequested, { scope, params: scope.getState($card)! });
    const run = allSettled(closeConfirmed, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($card)?.status).toBe('closing');
    expect(scope.getState($closeCard)).toBeNull();
    const walletLoads = server.callsTo('GET', '/api/wallet').length;
    status = 'closed';
    await vi.advanceTimersByTimeAsync(2_000);
    await run;
    expect(scope.getState($card)?.status).toBe('closed');
    expect(server.callsTo('GET', '/api/wallet').length).toBeGreaterThan(walletLoads);
    const calls = server.callsTo('POST', '/api/cards/crd_1/close');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('idempotency-key')).toBeTruthy();
    expect(toasts.success).toContain('Closing the card');
    // Closed by the user is no issue failure: no "Failed to issue card" toast.
    expect(toasts.error).toEqual([]);
  });

  it('a refusal: "Failed to close card" with the reason', async () => {
    server.on('POST', '/api/cards/crd_1/close', () => fail(409, { service: 'cards', code: 'CARD_STATUS_CONFLICT', message: 'no' }));
    const scope = fork();
    await allSettled(cardChanged, { scope, params: cardIn('active') });
    await allSettled(closeRequested, { scope, params: cardIn('active') });
    await allSettled(closeConfirmed, { scope });
    expect(toasts.error).toContainEqual([
      'Card Operation Error',
      { description: "Failed to close card. This is not possible in the card's current status. The screen has been updated." },
    ]);
  });
});
