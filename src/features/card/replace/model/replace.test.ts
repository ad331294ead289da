import { allSettled, fork } from 'effector';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cardChanged } from '@/entities/card';
import { makeCard, useCardsFakeApi } from '@/entities/card/index.testing';
import { ok } from '@/shared/api/index.testing';
import { i18n, initI18n } from '@/shared/i18n';
import { cardReplaceTexts } from '../i18n/texts';

const toasts = vi.hoisted(() => ({ success: [] as unknown[] }));
vi.mock('@/shared/ui', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/shared/ui')>();
  return { ...actual, notify: { ...actual.notify, success: vi.fn(async (m: unknown) => toasts.success.push(m)) } };
});
const { navigateFx } = await import('@/shared/lib');
const { canReplace, replaceRequested } = await import('./replace');

const server = useCardsFakeApi();
beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await i18n.loadNamespaces(['cards', 'card', 'errors', cardReplaceTexts.ns]);
});

describe('replacement', () => {
  it('is offered for a blocked card without one; orders it and opens the new card', async () => {
    const blocked = makeCard({ status: 'blocked', statusReason: 'STOLEN', balance: { amount: 0, currency: 'USD' }, allowedActions: ['replace'] });
    expect(canReplace(blocked)).toBe(true);
    expect(canReplace(makeCard({ allowedActions: ['freeze', 'block'] }))).toBe(false);
    server.on('POST', '/api/cards/crd_1/replace', () => ok(makeCard({ id: 'crd_2', status: 'pending', maskedNumber: null, last4: null, replacesCardId: 'crd_1', allowedActions: [] })));
    const navigated: unknown[] = [];
    const scope = fork({ handlers: [[navigateFx, (target: unknown) => void navigated.push(target)]] });
    await allSettled(cardChanged, { scope, params: blocked });
    await allSettled(replaceRequested, { scope, params: blocked });
    const calls = server.callsTo('POST', '/api/cards/crd_1/replace');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('idempotency-key')).toBeTruthy();
    expect(navigated).toEqual([{ to: '/cards/crd_2', replace: true }]);
    expect(toasts.success).toContain('Replacement ordered');
  });
});
