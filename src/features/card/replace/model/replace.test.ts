import { allSettled, fork } from 'effector';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardChanged } from '@/entities/card';
import { makeCard, useCardsFakeApi } from '@/entities/card/index.testing';
import { walletFixture } from '@/entities/wallet/index.testing';
import { apiDataReset } from '@/shared/api';
import { ok } from '@/shared/api/index.testing';
import { i18n, initI18n } from '@/shared/i18n';

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
const { canReplace, replaceRequested } = await import('./replace');

const server = useCardsFakeApi();
const active = makeCard({ allowedActions: ['freeze', 'topup', 'reveal', 'withdraw', 'close', 'block'] });
const blocked = makeCard({ status: 'blocked', statusReason: 'STOLEN', balance: { amount: 0, currency: 'USD' }, allowedActions: ['replace'] });

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await i18n.loadNamespaces(['cards', 'errors', 'card-lifecycle']);
});
beforeEach(async () => {
  toasts.error.length = 0;
  toasts.success.length = 0;
  sessionStorage.clear();
  await allSettled(apiDataReset, { scope: fork() });
  server.on('GET', '/api/wallet', () => ok(walletFixture()));
  server.on('GET', '/api/cards', () => ok({ items: [], nextCursor: null }));
});

describe('replacement', () => {
  it('is offered for a blocked card without one; orders it and opens the new card', async () => {
    expect(canReplace(blocked)).toBe(true);
    expect(canReplace(active)).toBe(false);
    server.on('POST', '/api/cards/crd_1/replace', () => ok(makeCard({ id: 'crd_2', status: 'pending', maskedNumber: null, last4: null, replacesCardId: 'crd_1', allowedActions: [] })));
    const scope = fork({ handlers: [[navigateFx, (target: unknown) => void toasts.navigated.push(target)]] });
    await allSettled(cardChanged, { scope, params: blocked });
    await allSettled(replaceRequested, { scope, params: blocked });
    const calls = server.callsTo('POST', '/api/cards/crd_1/replace');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('idempotency-key')).toBeTruthy();
    expect(toasts.navigated).toEqual([{ to: '/cards/crd_2', replace: true }]);
    expect(toasts.success).toContain('Replacement ordered');
  });
});
