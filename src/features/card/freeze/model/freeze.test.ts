import { allSettled, fork } from 'effector';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $card, $pollRunning, cardOpened } from '@/entities/card';
import { makeCard, useCardsFakeApi } from '@/entities/card/index.testing';
import { apiDataReset } from '@/shared/api';
import { fail, ok } from '@/shared/api/index.testing';
import type { CardStatus } from '@/shared/contract';
import { i18n, initI18n } from '@/shared/i18n';

const toasts = vi.hoisted(() => ({ error: [] as Array<[unknown, unknown]> }));
vi.mock('@/shared/ui', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/shared/ui')>();
  return { ...actual, notify: { ...actual.notify, error: vi.fn(async (m: unknown, o?: unknown) => toasts.error.push([m, o])) } };
});
const { $freezePending, freezeActionOf, freezeToggled } = await import('./freeze');

const server = useCardsFakeApi();
const actionsFor: Record<string, Array<'freeze' | 'unfreeze' | 'topup' | 'reveal'>> = {
  active: ['freeze', 'topup', 'reveal'],
  frozen: ['unfreeze', 'reveal'],
};
const cardIn = (status: CardStatus) => makeCard({ status, allowedActions: actionsFor[status] ?? [] });

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await i18n.loadNamespaces(['card', 'card-freeze', 'errors']);
});
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  toasts.error.length = 0;
  sessionStorage.clear();
  await allSettled(apiDataReset, { scope: fork() });
});

describe('freeze / unfreeze', () => {
  it('offers what allowedActions allow', () => {
    expect(freezeActionOf(cardIn('active'))).toBe('freeze');
    expect(freezeActionOf(cardIn('frozen'))).toBe('unfreeze');
    expect(freezeActionOf(cardIn('freezing'))).toBeNull();
  });

  it('freezes: "freezing" at once, polled until "frozen", then unfreezes the same way', async () => {
    let status: CardStatus = 'active';
    server.on('GET', '/api/cards/crd_1', () => ok(cardIn(status)));
    server.on('GET', '/api/cards/crd_1/balance', () => ok({ cardId: 'crd_1', available: { amount: 5_000, currency: 'USD' }, pending: { amount: 0, currency: 'USD' }, updatedAt: '2025-01-02T03:04:05.000Z' }));
    server.on('PATCH', '/api/cards/crd_1/status', (request) => {
      status = (request.body as { action: string }).action === 'freeze' ? 'freezing' : 'unfreezing';
      return ok(cardIn(status));
    });
    const scope = fork();
    await allSettled(cardOpened, { scope, params: 'crd_1' });

    const freezing = allSettled(freezeToggled, { scope, params: scope.getState($card)! });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($card)?.status).toBe('freezing');
    expect(scope.getState($pollRunning)).toBe(true);
    status = 'frozen';
    await vi.advanceTimersByTimeAsync(2_000);
    await freezing;
    expect(scope.getState($card)?.status).toBe('frozen');
    expect(scope.getState($pollRunning)).toBe(false);

    const unfreezing = allSettled(freezeToggled, { scope, params: scope.getState($card)! });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($card)?.status).toBe('unfreezing');
    status = 'active';
    await vi.advanceTimersByTimeAsync(2_000);
    await unfreezing;
    expect(scope.getState($card)?.status).toBe('active');

    const patches = server.callsTo('PATCH', '/api/cards/crd_1/status');
    expect(patches.map((call) => call.body)).toEqual([{ action: 'freeze' }, { action: 'unfreeze' }]);
    const keys = patches.map((call) => call.headers.get('idempotency-key'));
    expect(keys[0]).toBeTruthy();
    expect(keys[0]).not.toBe(keys[1]);
    expect(scope.getState($freezePending)).toBe(false);
  });

  it('a refusal is "Failed to update card status"', async () => {
    server.on('PATCH', '/api/cards/crd_1/status', () => fail(409, { service: 'cards', code: 'CARD_STATUS_CONFLICT', message: 'no' }));
    const scope = fork();
    await allSettled(freezeToggled, { scope, params: cardIn('active') });
    expect(toasts.error).toContainEqual([
      'Card Operation Error',
      { description: "Failed to update card status. This is not possible in the card's current status. The screen has been updated." },
    ]);
  });

  it('a lost answer: pressing freeze again sends the same key; the answer settles it', async () => {
    const replies = ['network-error', ok(cardIn('freezing'))] as const;
    let n = 0;
    server.on('PATCH', '/api/cards/crd_1/status', () => replies[n++]!);
    server.on('GET', '/api/cards/crd_1', () => ok(cardIn('frozen')));
    for (let i = 0; i < 2; i += 1) {
      const scope = fork();
      const run = allSettled(freezeToggled, { scope, params: cardIn('active') });
      await vi.advanceTimersByTimeAsync(2_000);
      await run;
    }
    const keys = server.callsTo('PATCH', '/api/cards/crd_1/status').map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});
