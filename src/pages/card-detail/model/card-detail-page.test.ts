import { allSettled, fork } from 'effector';
import { beforeEach, describe, expect, it } from 'vitest';
import { $openedCardId } from '@/entities/card';
import { makeCard, useCardsFakeApi } from '@/entities/card/index.testing';
import { $activateCard, activateOpened } from '@/features/card/activate';
import { $topUpCard, topUpOpened } from '@/features/card/topup';
import { $historyTab, historyTabChanged } from '@/widgets/card-history';
import { ok } from '@/shared/api/index.testing';
import { cardDetailPage } from './card-detail-page';

const server = useCardsFakeApi();
const usd = (amount: number) => ({ amount, currency: 'USD' as const });

beforeEach(() => {
  for (const id of ['crd_1', 'crd_2']) {
    server.on('GET', `/api/cards/${id}`, () => ok(makeCard({ id })));
    server.on('GET', `/api/cards/${id}/balance`, () => ok({ cardId: id, available: usd(0), pending: usd(0), updatedAt: '2025-01-02T03:04:05.000Z' }));
    server.on('GET', `/api/cards/${id}/transactions`, () => ok({ items: [], nextCursor: null }));
  }
});

describe('card detail page lifecycle', () => {
  it('opens the card of the route; the sheets and the history reset themselves on another card or on leaving', async () => {
    const scope = fork();
    await allSettled(cardDetailPage.opened, { scope, params: { cardId: 'crd_1' } });
    expect(scope.getState($openedCardId)).toBe('crd_1');

    await allSettled(topUpOpened, { scope, params: makeCard({ id: 'crd_1' }) });
    await allSettled(historyTabChanged, { scope, params: 'trades' });
    expect(scope.getState($topUpCard)?.id).toBe('crd_1');

    // Another card in the same screen (route parameter changed).
    await allSettled(cardDetailPage.opened, { scope, params: { cardId: 'crd_2' } });
    expect(scope.getState($openedCardId)).toBe('crd_2');
    expect(scope.getState($topUpCard)).toBeNull();
    expect(scope.getState($historyTab)).toBe('transactions');

    await allSettled(activateOpened, { scope, params: makeCard({ id: 'crd_2', status: 'inactive' }) });
    expect(scope.getState($activateCard)?.id).toBe('crd_2');
    await allSettled(cardDetailPage.closed, { scope });
    expect(scope.getState($openedCardId)).toBeNull();
    expect(scope.getState($activateCard)).toBeNull();
  });
});
