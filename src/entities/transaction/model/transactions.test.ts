import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { apiDataReset } from '@/shared/api';
import type { WalletTransaction } from '@/shared/contract';
import { fail, ok } from '@/shared/api/index.testing';
import { transactionsFixture, useTransactionTestApi } from '../index.testing';
import {
  $hasMoreTransactions,
  $loadMoreError,
  $transactions,
  $transactionsError,
  $transactionsState,
  moreTransactionsRequested,
  transactionFiltersApplied,
  transactionsReloadRequested,
  transactionsRequested,
} from './transactions';

const server = useTransactionTestApi();
const all = transactionsFixture();
const ids = (list: WalletTransaction[]) => list.map((tx) => tx.id);

/** A paged server: pages of 3 over `items`, cursor = index of the next item. */
function servePages(items: WalletTransaction[]) {
  server.on('GET', '/api/wallet/transactions', ({ query }) => {
    const start = Number(query.get('cursor') ?? 0);
    const end = start + 3;
    return ok({ items: items.slice(start, end), nextCursor: end < items.length ? String(end) : null });
  });
}

describe('transactions entity', () => {
  it('loads the first page with the page size, then appends pages by cursor until the end', async () => {
    servePages(all);
    const scope = fork();
    await allSettled(transactionsRequested, { scope });
    expect(server.calls[0]?.query.get('limit')).toBe('20');
    expect(ids(scope.getState($transactions))).toEqual(['wtx_1', 'wtx_2', 'wtx_3']);
    expect(scope.getState($hasMoreTransactions)).toBe(true);

    await allSettled(moreTransactionsRequested, { scope });
    expect(server.calls[1]?.query.get('cursor')).toBe('3');
    await allSettled(moreTransactionsRequested, { scope });
    expect(ids(scope.getState($transactions))).toEqual(ids(all));
    expect(scope.getState($hasMoreTransactions)).toBe(false);

    await allSettled(moreTransactionsRequested, { scope });
    expect(server.calls).toHaveLength(3); // nothing more to load
  });

  it('reload goes to the server, past the cache, and starts the list over', async () => {
    servePages(all);
    const scope = fork();
    await allSettled(transactionsRequested, { scope });
    await allSettled(moreTransactionsRequested, { scope });
    expect(scope.getState($transactions)).toHaveLength(6);

    await allSettled(transactionsRequested, { scope }); // fresh cache: no request
    expect(server.calls).toHaveLength(2);

    const newest = { ...all[0]!, id: 'wtx_new' };
    servePages([newest, ...all]);
    await allSettled(transactionsReloadRequested, { scope });
    expect(server.calls).toHaveLength(3);
    expect(ids(scope.getState($transactions))).toEqual(['wtx_new', 'wtx_1', 'wtx_2']);
  });

  it('never shows an item twice when pages overlap', async () => {
    server.on('GET', '/api/wallet/transactions', ({ query }) =>
      query.get('cursor') ? ok({ items: all.slice(1, 4), nextCursor: null }) : ok({ items: all.slice(0, 2), nextCursor: 'c1' }),
    );
    const scope = fork();
    await allSettled(transactionsRequested, { scope });
    await allSettled(moreTransactionsRequested, { scope });
    expect(ids(scope.getState($transactions))).toEqual(['wtx_1', 'wtx_2', 'wtx_3', 'wtx_4']);
  });

  it('SPEC §8 messages: "Failed to fetch transactions" for the list and for "load more"', async () => {
    server.on('GET', '/api/wallet/transactions', () => fail(400, { service: 'wallet', code: 'VALIDATION_ERROR', message: 'bad' }));
    const scope = fork();
    await allSettled(transactionsRequested, { scope });
    expect(scope.getState($transactionsState)).toBe('error');
    expect(scope.getState($transactionsError)?.keys).toContain('errors:wallet.fetchTransactionsFailed');

    servePages(all);
    await allSettled(transactionsReloadRequested, { scope });
    expect(scope.getState($transactionsState)).toBe('success');
    server.on('GET', '/api/wallet/transactions', () => fail(404, { service: 'wallet', code: 'NOT_FOUND', message: 'gone' }));
    await allSettled(moreTransactionsRequested, { scope });
    expect(scope.getState($loadMoreError)?.keys).toContain('errors:wallet.fetchTransactionsFailed');
    expect(scope.getState($transactions)).toHaveLength(3); // the list stays
  });

  it('forgets everything on sign-out (apiDataReset)', async () => {
    servePages(all);
    const scope = fork();
    await allSettled(transactionsRequested, { scope });
    await allSettled(moreTransactionsRequested, { scope });
    await allSettled(apiDataReset, { scope });
    expect(scope.getState($transactions)).toEqual([]);
  });

  it('filters: the list starts over with them, and later pages keep them with the cursor', async () => {
    servePages(all);
    const scope = fork();
    await allSettled(transactionsRequested, { scope });
    await allSettled(moreTransactionsRequested, { scope });
    expect(ids(scope.getState($transactions))).toHaveLength(6);

    await allSettled(transactionFiltersApplied, { scope, params: { type: 'usdtDeposit', q: '50', from: '2030-01-01T00:00:00.000Z' } });
    const filtered = server.calls.at(-1)!.query;
    expect(filtered.get('type')).toBe('usdtDeposit');
    expect(filtered.get('q')).toBe('50');
    expect(filtered.get('from')).toBe('2030-01-01T00:00:00.000Z');
    expect(filtered.get('cursor')).toBeNull();
    // Pages of the old filters are gone: only the new first page is shown.
    expect(ids(scope.getState($transactions))).toEqual(['wtx_1', 'wtx_2', 'wtx_3']);

    await allSettled(moreTransactionsRequested, { scope });
    const next = server.calls.at(-1)!.query;
    expect(next.get('cursor')).toBe('3');
    expect(next.get('type')).toBe('usdtDeposit');
    expect(next.get('q')).toBe('50');

    await allSettled(transactionsReloadRequested, { scope });
    expect(server.calls.at(-1)!.query.get('type')).toBe('usdtDeposit');
  });
});
