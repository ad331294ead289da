/**
 * A card's transactions and trades with cursor "load more" (docs/api.md "Pagination"). The first page is
 * its own query (reloaded when the card's data changes, `cardDataInvalidated`); further pages come from a
 * second query and are appended after it, without duplicates.
 */
import type { Query } from '@farfetched/core';
import { combine, createEvent, createStore, sample, type EventCallable, type Store } from 'effector';
import { apiDataReset, queryState, refetchOn, type ErrorMessage, type QueryState } from '@/shared/api';
import { cardErrorMessageOf } from '../lib/card-failure';
import type { CardTransaction, Trade } from '@/shared/contract';
import { HISTORY_PAGE_LIMIT } from '../config/status';
import { cardDataInvalidated } from './card';
import { cardTradesMoreQuery, cardTradesQuery, cardTransactionsMoreQuery, cardTransactionsQuery } from './queries';
import { paramsId } from './params';

/** Period and search of a card's list (the contract's `historyFilterShape`; transactions only). */
export interface CardHistoryFilters {
  from?: string;
  to?: string;
  q?: string;
}

export interface CardHistory<T> {
  /** Show this card's list (loads page 1, cached). */
  opened: EventCallable<string>;
  /** Narrow the list: it starts over from page 1 with these filters (later pages keep them). */
  filtersApplied: EventCallable<CardHistoryFilters>;
  $filters: Store<CardHistoryFilters>;
  moreRequested: EventCallable<void>;
  $items: Store<T[]>;
  $state: Store<QueryState>;
  $error: Store<ErrorMessage | null>;
  $hasMore: Store<boolean>;
  $loadingMore: Store<boolean>;
  $moreError: Store<ErrorMessage | null>;
}

interface Loaded<T> {
  cardId: string;
  items: T[];
  nextCursor: string | null;
}

type Input = { params: Record<string, string>; query: CardHistoryFilters & { limit: number; cursor?: string } };
type PageQuery<T> = Query<any, { items: T[]; nextCursor: string | null }, any, any>;

interface HistoryConfig<T> {
  /** Page 1 (reloaded on `cardDataInvalidated`). */
  first: PageQuery<T>;
  /** Pages 2… */
  more: PageQuery<T>;
  /** Path params of the endpoint for a card id (`{ id }` or `{ card_id }`). */
  pathParams: (cardId: string) => Record<string, string>;
  errorKey: string;
  name: string;
}

const mergeItems = <T extends { id: string }>(first: T[], more: T[]): T[] => {
  const seen = new Set(first.map((item) => item.id));
  return [...first, ...more.filter((item) => !seen.has(item.id))];
};

const cardIdOf = (params: unknown): string | undefined => paramsId({ params });
const filtersKey = (query: CardHistoryFilters | undefined): string => JSON.stringify([query?.from ?? null, query?.to ?? null, query?.q ?? null]);
const queryOf = (params: unknown): CardHistoryFilters | undefined => (params as { query?: CardHistoryFilters } | undefined)?.query;

function createCardHistory<T extends { id: string }>(config: HistoryConfig<T>): CardHistory<T> {
  const opened = createEvent<string>();
  const moreRequested = createEvent();
  const filtersApplied = createEvent<CardHistoryFilters>();
  const $filters = createStore<CardHistoryFilters>({}, { serialize: 'ignore' }).on(filtersApplied, (_, filters) => filters).reset(apiDataReset);

  const $cardId = createStore<string | null>(null, { serialize: 'ignore' }).on(opened, (_, id) => id).reset(apiDataReset);
  const $first = createStore<Loaded<T> | null>(null, { serialize: 'ignore' }).reset(apiDataReset);
  const $more = createStore<Loaded<T> | null>(null, { serialize: 'ignore' }).reset(apiDataReset);

  sample({
    clock: opened,
    source: $filters,
    fn: (filters, cardId): Input => ({ params: config.pathParams(cardId), query: { ...filters, limit: HISTORY_PAGE_LIMIT } }),
    target: config.first.start,
  });
  sample({
    clock: filtersApplied,
    source: $cardId,
    filter: (cardId) => cardId !== null,
    fn: (cardId, filters): Input => ({ params: config.pathParams(cardId!), query: { ...filters, limit: HISTORY_PAGE_LIMIT } }),
    target: config.first.start,
  });
  $more.reset(filtersApplied);
  $first.on(config.first.finished.success, (_, { params, result }) => {
    const cardId = cardIdOf(params);
    return cardId ? { cardId, items: result.items, nextCursor: result.nextCursor } : null;
  });
  // Another card's first page arrived: its older pages are not ours.
  $more.on(config.first.finished.success, (more, { params }) => (more && more.cardId !== cardIdOf(params) ? null : more));
  // A later page counts only if it was asked with the filters still applied.
  sample({
    clock: config.more.finished.success,
    source: { more: $more, filters: $filters },
    filter: ({ filters }, { params }) => filtersKey(queryOf(params)) === filtersKey(filters),
    fn: ({ more }, { params, result }) => {
      const cardId = cardIdOf(params);
      if (!cardId) return more;
      const items = more && more.cardId === cardId ? mergeItems(more.items, result.items) : result.items;
      return { cardId, items, nextCursor: result.nextCursor };
    },
    target: $more,
  });

  const $items = combine($cardId, $first, $more, (cardId, first, more) =>
    first && first.cardId === cardId ? mergeItems(first.items, more && more.cardId === cardId ? more.items : []) : [],
  );
  const $nextCursor = combine($cardId, $first, $more, (cardId, first, more) => {
    if (!first || first.cardId !== cardId) return null;
    return more && more.cardId === cardId ? more.nextCursor : first.nextCursor;
  });
  const firstState = queryState(config.first);
  const $state = combine($cardId, $first, firstState, (cardId, first, state): QueryState =>
    first && first.cardId === cardId ? 'success' : state === 'error' ? 'error' : 'pending',
  );

  sample({
    clock: moreRequested,
    source: { cardId: $cardId, cursor: $nextCursor, loading: config.more.$pending, filters: $filters },
    filter: ({ cardId, cursor, loading }) => cardId !== null && cursor !== null && !loading,
    fn: ({ cardId, cursor, filters }): Input => ({
      params: config.pathParams(cardId!),
      query: { ...filters, limit: HISTORY_PAGE_LIMIT, cursor: cursor! },
    }),
    target: config.more.start,
  });

  refetchOn(config.first, {
    clock: cardDataInvalidated,
    filter: (view, id) => id === null || paramsId(view) === id,
    name: config.name,
  });

  return {
    opened,
    filtersApplied,
    $filters,
    moreRequested,
    $items,
    $state,
    $error: cardErrorMessageOf(config.first, config.errorKey),
    $hasMore: $nextCursor.map((cursor) => cursor !== null),
    $loadingMore: config.more.$pending,
    $moreError: cardErrorMessageOf(config.more, config.errorKey),
  };
}

export const cardTransactions: CardHistory<CardTransaction> = createCardHistory<CardTransaction>({
  first: cardTransactionsQuery,
  more: cardTransactionsMoreQuery,
  pathParams: (id) => ({ id }),
  errorKey: 'errors:cards.fetchTransactionsFailed',
  name: 'cards.transactions',
});

export const cardTrades: CardHistory<Trade> = createCardHistory<Trade>({
  first: cardTradesQuery,
  more: cardTradesMoreQuery,
  pathParams: (id) => ({ card_id: id }),
  errorKey: 'errors:cards.fetchTradesFailed',
  name: 'cards.trades',
});

