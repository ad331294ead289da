/**
 * A list of the console that pages with a cursor (`page(item)` answers: the audit log, the review queue, held money,
 * users...): `loaded({ params?, query })` shows the first page for these filters, `moreRequested()` appends the next, `reloaded()`
 * asks for the first page again (after an action changed the list). Never cached: an operator sees the server's list
 * as it is now. Registered as an effector factory (vite.config.ts): each list gets its own SID.
 */
import { combine, createEvent, createStore, sample, type Event, type EventCallable, type Store } from 'effector';
import { createApiQuery, type ErrorMessage } from '@/shared/api';
import type { EndpointData, EndpointDef, EndpointParams, EndpointQuery } from '@/shared/contract';
import { opsErrorMessage } from '../i18n';

type PagedEndpoint = EndpointDef<any, any, any, any>;
type ItemOf<E> = EndpointData<E> extends { items: Array<infer T> } ? T : never;
/** The list's filters: the endpoint's query without the cursor, and its path parameters if it has any. */
type ListFilters<E> = (EndpointParams<E> extends void ? {} : { params: EndpointParams<E> }) & {
  query: Omit<NonNullable<EndpointQuery<E>>, 'cursor'>;
};

export interface PagedList<E extends PagedEndpoint> {
  loaded: EventCallable<ListFilters<E>>;
  moreRequested: EventCallable<void>;
  reloaded: EventCallable<void>;
  $items: Store<ItemOf<E>[]>;
  $filters: Store<ListFilters<E> | null>;
  $hasMore: Store<boolean>;
  $loading: Store<boolean>;
  $error: Store<ErrorMessage | null>;
}

export function createPagedList<E extends PagedEndpoint>(endpoint: E, name: string, fallbackKey?: string): PagedList<E> {
  const query = createApiQuery(endpoint, { name, cached: false });
  const loaded = createEvent<ListFilters<E>>();
  const moreRequested = createEvent();
  const reloaded = createEvent();
  const $filters = createStore<ListFilters<E> | null>(null, { skipVoid: false }).on(loaded, (_, filters) => filters);
  const $items = createStore<ItemOf<E>[]>([]);
  const $cursor = createStore<string | null>(null);
  /** Whether the request in flight continues the list (else it replaces it). */
  const $appending = createStore(false);

  const first = sample({ clock: [loaded, reloaded], source: $filters, filter: (filters) => filters !== null });
  $appending.on(first, () => false);
  // (effector cannot check a generic clock against a generic target: the casts only name the same params)
  const start = query.start as unknown as EventCallable<unknown>;
  sample({ clock: first as Event<unknown>, target: start });

  const next = sample({ clock: moreRequested, source: { filters: $filters, cursor: $cursor }, filter: ({ filters, cursor }) => filters !== null && cursor !== null });
  $appending.on(next, () => true);
  sample({
    clock: next,
    fn: ({ filters, cursor }) => {
      const { query, ...rest } = filters as { query: object };
      return { ...rest, query: { ...query, cursor } };
    },
    target: start,
  });

  sample({
    clock: query.finished.success,
    source: { items: $items, appending: $appending },
    fn: ({ items, appending }, { result }) => {
      const page = result as { items: ItemOf<E>[] };
      return appending ? [...items, ...page.items] : page.items;
    },
    target: $items,
  });
  $cursor.on(query.finished.success, (_, { result }) => (result as { nextCursor: string | null }).nextCursor);

  return {
    loaded,
    moreRequested,
    reloaded,
    $items,
    $filters,
    $hasMore: $cursor.map((cursor) => cursor !== null),
    $loading: query.$pending,
    $error: combine(query.$error, (error) => (error === null ? null : opsErrorMessage(error, fallbackKey))),
  };
}
