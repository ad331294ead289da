import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $transactions } from '@/entities/transaction';
import { transactionsFixture, useTransactionTestApi } from '@/entities/transaction/index.testing';
import { ok } from '@/shared/api/index.testing';
import { $walletFiltered, walletSearch } from './wallet';

const server = useTransactionTestApi();
const calls = () => server.callsTo('GET', '/api/wallet/transactions').map((call) => Object.fromEntries(call.query));

describe('wallet history search', () => {
  it('debounces the search text: one request for the text typed last, trimmed', async () => {
    server.on('GET', '/api/wallet/transactions', () => ok({ items: transactionsFixture().slice(0, 1), nextCursor: null }));
    const scope = fork();
    await Promise.all(['5', '50', ' 50.5 '].map((params) => allSettled(walletSearch.searchChanged, { scope, params })));
    expect(calls()).toEqual([{ limit: '20', q: '50.5' }]);
    expect(scope.getState($walletFiltered)).toBe(true);
    expect(scope.getState($transactions).map((tx) => tx.id)).toEqual(['wtx_1']);
    // The same text again (after trimming) sends nothing.
    await allSettled(walletSearch.searchChanged, { scope, params: '50.5' });
    expect(calls()).toHaveLength(1);
  });

  it('type, currency and period apply at once and combine with the search; reset clears all', async () => {
    server.on('GET', '/api/wallet/transactions', () => ok({ items: [], nextCursor: null }));
    const scope = fork();
    await allSettled(walletSearch.typeChanged, { scope, params: 'currencyExchange' });
    expect(calls().at(-1)).toEqual({ limit: '20', type: 'currencyExchange' });
    await allSettled(walletSearch.currencyChanged, { scope, params: 'RUB' });
    expect(calls().at(-1)).toEqual({ limit: '20', type: 'currencyExchange', currency: 'RUB' });
    await allSettled(walletSearch.periodChanged, { scope, params: 'lastMonth' });
    const period = calls().at(-1)!;
    expect(period.type).toBe('currencyExchange');
    expect(Date.parse(period.from!)).toBeLessThan(Date.parse(period.to!));
    await allSettled(walletSearch.searchChanged, { scope, params: 'ORD-1001' });
    expect(calls().at(-1)).toMatchObject({ type: 'currencyExchange', currency: 'RUB', q: 'ORD-1001', from: period.from, to: period.to });

    await allSettled(walletSearch.filtersReset, { scope });
    expect(calls().at(-1)).toEqual({ limit: '20' });
    expect(scope.getState($walletFiltered)).toBe(false);
    expect(scope.getState(walletSearch.$searchText)).toBe('');
  });

  it('never keeps more than the contract allows in the search box', async () => {
    const scope = fork();
    await allSettled(walletSearch.searchChanged, { scope, params: 'x'.repeat(500) });
    expect(scope.getState(walletSearch.$searchText)).toHaveLength(100);
  });
});
