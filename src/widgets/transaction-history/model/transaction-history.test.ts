import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { transactionsRequested } from '@/entities/transaction';
import { transactionsFixture, useTransactionTestApi } from '@/entities/transaction/index.testing';
import { walletSearch } from '@/features/history-search';
import { ok } from '@/shared/api/index.testing';
import { $historyToolsShown } from './transaction-history';

const server = useTransactionTestApi();

describe('the history tools (search, filters, statement)', () => {
  it('are not offered to a user with no transactions: "No transactions yet" stands alone', async () => {
    server.on('GET', '/api/wallet/transactions', () => ok({ items: [], nextCursor: null }));
    const scope = fork();
    expect(scope.getState($historyToolsShown)).toBe(true); // loading: their place is kept
    await allSettled(transactionsRequested, { scope });
    expect(scope.getState($historyToolsShown)).toBe(false);
  });

  it('are there once there is history, and stay while a filter that found nothing is set', async () => {
    let items = transactionsFixture();
    server.on('GET', '/api/wallet/transactions', () => ok({ items, nextCursor: null }));
    const scope = fork();
    await allSettled(transactionsRequested, { scope });
    expect(scope.getState($historyToolsShown)).toBe(true);
    items = [];
    await allSettled(walletSearch.typeChanged, { scope, params: 'promoBonus' });
    expect(scope.getState(walletSearch.$filtered)).toBe(true);
    expect(scope.getState($historyToolsShown)).toBe(true);
  });
});
