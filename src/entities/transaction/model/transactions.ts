/**
 * Wallet transactions (GET /api/wallet/transactions), newest first, cursor-paginated (docs/api.md "Pagination").
 *
 * Two queries on the one endpoint: the first page (cached like every query; `transactionsReloadRequested`
 * goes past the cache) and "load more" pages keyed by cursor (never cached). The list shown is the first page plus the
 * pages loaded after it; reloading the first page starts the list over.
 */
import { combine, createEvent, createStore, sample } from 'effector';
import { apiDataReset, createApiQuery, createRefetch, errorMessageOf, queryState } from '@/shared/api';
import { walletTransactions, type EndpointQuery, type WalletTransaction } from '@/shared/contract';

const TRANSACTIONS_PAGE_SIZE = 20;

/** What the list is narrowed to (type, currency, period, search text): the contract's filter fields. */
export type TransactionFilters = Pick<NonNullable<EndpointQuery<typeof walletTransactions>>, 'type' | 'currency' | 'from' | 'to' | 'q'>;
const firstPage = (filters: TransactionFilters) => ({ query: { ...filters, limit: TRANSACTIONS_PAGE_SIZE } });

const transactionsQuery = createApiQuery(walletTransactions, { name: 'wallet.transactions' });
/** "Load more": never from the cache, a page continues the list as the server has it now. */
const transactionsNextPageQuery = createApiQuery(walletTransactions, { name: 'wallet.transactions.nextPage', cached: false });

/** Show the latest transactions (the cached first page when fresh). */
export const transactionsRequested = createEvent();
/** Ask the server for the latest transactions now (refresh, after a money movement). */
export const transactionsReloadRequested = createEvent();
/** Append the next page ("Load more"); ignored when there is none or one is loading. */
export const moreTransactionsRequested = createEvent();
/** Narrow the list (history filters/search): the list starts over from its first page with these filters. */
export const transactionFiltersApplied = createEvent<TransactionFilters>();

/** The filters of the list shown (empty: everything). */
const $transactionFilters = createStore<TransactionFilters>({}, { serialize: 'ignore' })
  .on(transactionFiltersApplied, (_, filters) => filters)
  .reset(apiDataReset);

const firstPageRefetch = createRefetch(transactionsQuery, 'wallet.transactions');

type TransactionsPage = { items: WalletTransaction[]; nextCursor: string | null };

/** Pages loaded with "Load more" after the first one. */
const $morePages = createStore<TransactionsPage[]>([], { serialize: 'ignore' })
  .reset(transactionsQuery.finished.success, apiDataReset, transactionFiltersApplied);

export const $transactions = combine(transactionsQuery.$data, $morePages, (first, more): WalletTransaction[] => {
  if (!first) return [];
  const seen = new Set<string>();
  const items: WalletTransaction[] = [];
  for (const page of [first, ...more]) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
});

const $nextCursor = combine(transactionsQuery.$data, $morePages, (first, more) =>
  more.length > 0 ? (more[more.length - 1]?.nextCursor ?? null) : (first?.nextCursor ?? null),
);
export const $hasMoreTransactions = $nextCursor.map((cursor) => cursor !== null);

/** SPEC §4 state of the first page. */
export const $transactionsState = queryState(transactionsQuery);
/** SPEC §8 "Failed to fetch transactions". */
export const $transactionsError = errorMessageOf(transactionsQuery, 'errors:wallet.fetchTransactionsFailed');
/** The first page is being fetched again while a list is shown. */
export const $transactionsRefreshing = combine(transactionsQuery.$pending, transactionsQuery.$data, (pending, data) => pending && data !== null);
export const $loadingMoreTransactions = transactionsNextPageQuery.$pending;
/** "Load more" failed: SPEC §8 "Failed to fetch transactions" (the list stays). */
export const $loadMoreError = errorMessageOf(transactionsNextPageQuery, 'errors:wallet.fetchTransactionsFailed');

// New filters restart the first page; a load asked for while one is in flight joins it (a restart would abort
// it and send the same request again).
sample({ clock: transactionFiltersApplied, source: $transactionFilters, fn: firstPage, target: transactionsQuery.start });
sample({
  clock: transactionsRequested,
  source: $transactionFilters,
  filter: transactionsQuery.$pending.map((pending) => !pending),
  fn: firstPage,
  target: transactionsQuery.start,
});
sample({ clock: transactionsReloadRequested, source: $transactionFilters, fn: firstPage, target: firstPageRefetch });

sample({
  clock: moreTransactionsRequested,
  source: { cursor: $nextCursor, loading: transactionsNextPageQuery.$pending, filters: $transactionFilters },
  filter: ({ cursor, loading }) => cursor !== null && !loading,
  fn: ({ cursor, filters }) => ({ query: { ...filters, limit: TRANSACTIONS_PAGE_SIZE, cursor: cursor! } }),
  target: transactionsNextPageQuery.start,
});

// A page answers only if it still continues the list (a reload in between starts the list over).
sample({
  clock: transactionsNextPageQuery.finished.success,
  source: { pages: $morePages, cursor: $nextCursor },
  filter: ({ cursor }, { params }) => params !== undefined && 'query' in params && params.query?.cursor === cursor,
  fn: ({ pages }, { result }) => [...pages, result],
  target: $morePages,
});
sample({ clock: [transactionsReloadRequested, apiDataReset, transactionFiltersApplied], target: transactionsNextPageQuery.reset });
