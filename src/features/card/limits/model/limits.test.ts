import { allSettled, fork } from 'effector';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardOpened } from '@/entities/card';
import { makeCard, useCardsFakeApi } from '@/entities/card/index.testing';
import { apiDataReset } from '@/shared/api';
import { ok } from '@/shared/api/index.testing';
import type { CardLimits } from '@/shared/contract';
import { i18n, initI18n } from '@/shared/i18n';
import { cardLimitsTexts } from '../i18n/texts';

const toasts = vi.hoisted(() => ({ success: [] as unknown[] }));
vi.mock('@/shared/ui', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/shared/ui')>();
  return { ...actual, notify: { ...actual.notify, success: vi.fn(async (m: unknown) => toasts.success.push(m)) } };
});
const model = await import('./limits');
const { $editOpen, $limitErrors, $limits, $monthlyInput, $perPurchaseInput, limitsCleared, limitsEditOpened, limitsSaved, monthlyChanged, parseLimit, perPurchaseChanged } = model;

const server = useCardsFakeApi();
const limitsOf = (perPurchase: number | null, monthly: number | null, spent = 0): CardLimits => ({
  cardId: 'crd_1',
  perPurchase: perPurchase === null ? null : { amount: perPurchase, currency: 'USD' },
  monthly: monthly === null ? null : { amount: monthly, currency: 'USD' },
  spentThisMonth: { amount: spent, currency: 'USD' },
  monthStartsAt: '2025-01-01T00:00:00.000Z',
  monthEndsAt: '2025-02-01T00:00:00.000Z',
  editable: true,
  updatedAt: null,
});

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await i18n.loadNamespaces(['cards', 'card', 'errors', cardLimitsTexts.ns]);
});
beforeEach(async () => {
  toasts.success.length = 0;
  sessionStorage.clear();
  await allSettled(apiDataReset, { scope: fork() });
});

const open = async () => {
  let stored = limitsOf(50_00, null, 12_34);
  const sent: unknown[] = [];
  server.on('GET', '/api/cards/crd_1', () => ok(makeCard({ id: 'crd_1' })));
  server.on('GET', '/api/cards/crd_1/balance', () => ok({ cardId: 'crd_1', available: { amount: 5_000, currency: 'USD' }, pending: { amount: 0, currency: 'USD' }, updatedAt: '2025-01-02T03:04:05.000Z' }));
  server.on('GET', '/api/cards/crd_1/limits', () => ok(stored));
  server.on('PATCH', '/api/cards/crd_1/limits', (request) => {
    const body = request.body as { perPurchase: number | null; monthly: number | null };
    sent.push(body);
    stored = limitsOf(body.perPurchase, body.monthly, 12_34);
    return ok(stored);
  });
  const scope = fork();
  await allSettled(cardOpened, { scope, params: 'crd_1' });
  return { scope, sent };
};

describe('card limits', () => {
  it('parses typed limits: empty is "no limit", zero and garbage are refused', () => {
    expect(parseLimit('', 'USD')).toEqual({ ok: true, amount: null });
    expect(parseLimit(' 1 234,5 ', 'USD')).toEqual({ ok: true, amount: 123_450 });
    expect(parseLimit('0', 'USD')).toEqual({ ok: false });
    expect(parseLimit('-5', 'USD')).toEqual({ ok: false });
    expect(parseLimit('abc', 'RUB')).toEqual({ ok: false });
  });

  it('loads the opened card’s limits; the sheet starts from them', async () => {
    const { scope } = await open();
    expect(scope.getState($limits)?.perPurchase?.amount).toBe(50_00);
    await allSettled(limitsEditOpened, { scope });
    expect(scope.getState($editOpen)).toBe(true);
    expect(scope.getState($perPurchaseInput)).toBe('50.00');
    expect(scope.getState($monthlyInput)).toBe('');
  });

  it('refuses a per-purchase limit above the monthly one and bad amounts, sending nothing', async () => {
    const { scope, sent } = await open();
    await allSettled(limitsEditOpened, { scope });
    await allSettled(perPurchaseChanged, { scope, params: '200' });
    await allSettled(monthlyChanged, { scope, params: '100' });
    expect(scope.getState($limitErrors)).toEqual({ perPurchase: null, monthly: null }); // not before the first save
    await allSettled(limitsSaved, { scope });
    expect(scope.getState($limitErrors)).toEqual({ perPurchase: 'perPurchaseAboveMonthly', monthly: null });
    await allSettled(monthlyChanged, { scope, params: '0' });
    expect(scope.getState($limitErrors).monthly).toBe('invalid');
    await allSettled(limitsSaved, { scope });
    expect(sent).toEqual([]);
  });

  it('saves both limits in minor units, closes the sheet and shows the new ones; "Remove limits" clears both', async () => {
    const { scope, sent } = await open();
    await allSettled(limitsEditOpened, { scope });
    await allSettled(perPurchaseChanged, { scope, params: '25,50' });
    await allSettled(monthlyChanged, { scope, params: '1 000' });
    await allSettled(limitsSaved, { scope });
    expect(sent).toEqual([{ perPurchase: 25_50, monthly: 1_000_00 }]);
    expect(scope.getState($editOpen)).toBe(false);
    expect(scope.getState($limits)).toMatchObject({ perPurchase: { amount: 25_50 }, monthly: { amount: 1_000_00 } });
    expect(toasts.success).toEqual(['Limits saved']);
    await allSettled(limitsCleared, { scope });
    expect(sent.at(-1)).toEqual({ perPurchase: null, monthly: null });
    expect(scope.getState($limits)).toMatchObject({ perPurchase: null, monthly: null });
    expect(toasts.success.at(-1)).toBe('Limits removed');
  });
});
