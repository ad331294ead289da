import { allSettled, fork } from 'effector';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiDataReset } from '@/shared/api';
import { ok } from '@/shared/api/index.testing';
import type { CardTransaction, Trade } from '@/shared/contract';
import { pageOf, TEST_NOW, useCardsFakeApi } from '../testing/fixtures';
import { cardDataInvalidated } from './card';
import { cardTrades, cardTransactions } from './history';

const server = useCardsFakeApi();
beforeEach(async () => {
  await allSettled(apiDataReset, { scope: fork() });
});

const tx = (id: string, cardId = 'crd_1'): CardTransaction => ({
  id,
  cardId,
  type: 'purchase',
  direction: 'debit',
  amount: { amount: 100, currency: 'USD' },
  status: 'completed',
  createdAt: TEST_NOW,
  merchantName: 'SHOP',
  tradeId: null,
  walletTransactionId: null,
});
const trade = (id: string): Trade => ({
  id,
  cardId: 'crd_1',
  kind: 'purchase',
  merchant: { name: 'SHOP', mcc: null, country: null },
  amount: { amount: 100, currency: 'USD' },
  originalAmount: null,
  status: 'completed',
  declineReason: null,
  createdAt: TEST_NOW,
});

describe('card history with "load more"', () => {
  it('loads page 1, appends the next page by cursor, and stops when there is no cursor', async () => {
    server.on('GET', '/api/cards/crd_1/transactions', (request) =>
      request.query.get('cursor') === 'c2' ? ok(pageOf([tx('t3'), tx('t4')], null)) : ok(pageOf([tx('t1'), tx('t2')], 'c2')),
    );
    const scope = fork();
    await allSettled(cardTransactions.opened, { scope, params: 'crd_1' });
    expect(scope.getState(cardTransactions.$items).map((item) => item.id)).toEqual(['t1', 't2']);
    expect(scope.getState(cardTransactions.$hasMore)).toBe(true);
    expect(server.calls[0]?.query.get('limit')).toBe('20');

    await allSettled(cardTransactions.moreRequested, { scope });
    expect(scope.getState(cardTransactions.$items).map((item) => item.id)).toEqual(['t1', 't2', 't3', 't4']);
    expect(scope.getState(cardTransactions.$hasMore)).toBe(false);

    await allSettled(cardTransactions.moreRequested, { scope });
    expect(server.callsTo('GET', '/api/cards/crd_1/transactions')).toHaveLength(2);
  });

  it('reloads page 1 when the card changed, keeping older pages without duplicates', async () => {
    let first = [tx('t1'), tx('t2')];
    server.on('GET', '/api/cards/crd_1/transactions', (request) =>
      request.query.get('cursor') === 'c2' ? ok(pageOf([tx('t3')], null)) : ok(pageOf(first, 'c2')),
    );
    const scope = fork();
    await allSettled(cardTransactions.opened, { scope, params: 'crd_1' });
    await allSettled(cardTransactions.moreRequested, { scope });

    first = [tx('t0'), tx('t1')];
    await allSettled(cardDataInvalidated, { scope, params: 'crd_1' });
    expect(scope.getState(cardTransactions.$items).map((item) => item.id)).toEqual(['t0', 't1', 't3']);
  });

  it('filters: page 1 again with them, older pages dropped, next pages keep them', async () => {
    server.on('GET', '/api/cards/crd_1/transactions', (request) =>
      request.query.get('cursor') === 'c2' ? ok(pageOf([tx('t3')], null)) : request.query.get('q') ? ok(pageOf([tx('f1')], 'c2')) : ok(pageOf([tx('t1'), tx('t2')], 'c2')),
    );
    const scope = fork();
    await allSettled(cardTransactions.opened, { scope, params: 'crd_1' });
    await allSettled(cardTransactions.moreRequested, { scope });
    expect(scope.getState(cardTransactions.$items).map((item) => item.id)).toEqual(['t1', 't2', 't3']);

    await allSettled(cardTransactions.filtersApplied, { scope, params: { q: 'coffee', from: '2030-01-01T00:00:00.000Z' } });
    expect(scope.getState(cardTransactions.$items).map((item) => item.id)).toEqual(['f1']);
    const filtered = server.calls.at(-1)!.query;
    expect([filtered.get('q'), filtered.get('from'), filtered.get('cursor')]).toEqual(['coffee', '2030-01-01T00:00:00.000Z', null]);

    await allSettled(cardTransactions.moreRequested, { scope });
    const next = server.calls.at(-1)!.query;
    expect([next.get('q'), next.get('cursor')]).toEqual(['coffee', 'c2']);
    expect(scope.getState(cardTransactions.$items).map((item) => item.id)).toEqual(['f1', 't3']);
  });

  it('never shows another card\'s items', async () => {
    server.on('GET', '/api/cards/crd_1/trades', () => ok(pageOf([trade('r1')])));
    server.on('GET', '/api/cards/crd_2/trades', () => ok(pageOf([])));
    const scope = fork();
    await allSettled(cardTrades.opened, { scope, params: 'crd_1' });
    expect(scope.getState(cardTrades.$items)).toHaveLength(1);
    await allSettled(cardTrades.opened, { scope, params: 'crd_2' });
    expect(scope.getState(cardTrades.$items)).toHaveLength(0);
    expect(scope.getState(cardTrades.$state)).toBe('success');
  });
});
