/**
 * THE way to ask the server again past the cache (docs/frontend-data.md "Reloading past the cache").
 *
 * Every `createApiQuery` is cached (fresh 5 min, SPEC §9): while the cached copy is fresh, `start`, `refresh` and
 * farfetched's `keepFresh({ triggers })` answer from it without a request (checked in farfetched 0.15's source: the
 * cache data source is read first and its entry is not stale). farfetched has no public "invalidate"; its public
 * rule that drops a query's cache entry and fetches again is `update(query, { on: mutation, by: … refetch: true })`.
 * This module does what that rule does, once per query (shared by all its call sites), without the mutation (see
 * `refetcherOf`), and nothing else in the app reloads past the cache.
 *
 * - `refetchOn(query, { clock, name, filter?, show? })`: when `clock` fires and the query holds data or an error
 *   (never for a query that was not started) that `filter` says is about the payload, the cache entry of its latest
 *   params is dropped and fetched again. What is on screen stays meanwhile, or `show` puts an operation's answer
 *   there at once (a card just frozen). The answer refills the cache, so a later cached `start` sees it.
 * - `createRefetch(query, name)`: an event taking the query's params: refetches them past the cache when the query
 *   holds those params, else simply starts the query with them.
 *
 * Call both at module level of a model.
 */
import type { Query } from '@farfetched/core';
import { combine, createEvent, createStore, sample, type EventCallable, type Store, type Unit } from 'effector';

/** What a query holds now, with the params it was last started with. */
export type QueryView<Params, Data, Error> = { result: Data; params: Params } | { error: Error; params: Params };

export interface RefetchOnOptions<Params, Data, Error, Payload> {
  clock: Unit<Payload>;
  /** For devtools: the trigger is `${name}.refetch`. */
  name: string;
  /** Whether what the query holds is about this payload (default: always). */
  filter?: (view: QueryView<Params, Data, Error>, payload: Payload) => boolean;
  /** Data to show at once while the reload runs; undefined keeps what is shown. */
  show?: (view: QueryView<Params, Data, Error>, payload: Payload) => Data | undefined;
}

function viewOf<Params, Data, Error>(query: Query<Params, Data, Error, any>): Store<QueryView<Params, Data, Error> | null> {
  const $params = createStore<{ value: Params } | null>(null, { serialize: 'ignore' })
    .on(query.started, (_, { params }) => ({ value: params }))
    .reset(query.reset);
  return combine(query.$data, query.$error, $params, (data, error, params): QueryView<Params, Data, Error> | null => {
    if (params === null) return null;
    if (data !== null && data !== undefined) return { result: data as Data, params: params.value };
    if (error !== null) return { error, params: params.value };
    return null;
  });
}

/**
 * What reloads one query past its cache, made once per query and shared by all its `refetchOn` / `createRefetch`
 * call sites: the view of what it holds, and one event that drops the cache entry of its latest params and fetches
 * them again. It does what farfetched's `update(query, { on, by: { success: () => ({ result, refetch: true }) } })`
 * does, through the same two query internals `update` drives (`lowLevelAPI.pushData` / `revalidate` and
 * `$stale.reinit`), without a trigger mutation: a farfetched mutation is ~185 effector units, and every query shown
 * first (the wallet, its quotes, its history) had one, created while the first screen starts (docs/performance.md
 * "Start-up"). farfetched marks `lowLevelAPI` as internal: the lock file pins 0.15.0 (package.json allows 0.15.x
 * only), its typings check these calls, and refetch.test.ts checks the behaviour (cache dropped, fetched again, shown
 * data, unit budget).
 */
interface Refetcher<Params, Data, Error> {
  $view: Store<QueryView<Params, Data, Error> | null>;
  /** Drops the cache entry of the latest params and fetches them again; `shown` (when defined) is shown meanwhile. */
  reload: EventCallable<{ shown: Data | undefined }>;
}
const refetchers = new WeakMap<object, Refetcher<any, any, any>>();

function refetcherOf<Params, Data, Error>(query: Query<Params, Data, Error, any>, name: string): Refetcher<Params, Data, Error> {
  const known = refetchers.get(query) as Refetcher<Params, Data, Error> | undefined;
  if (known) return known;
  const $view = viewOf(query);
  const reload = createEvent<{ shown: Data | undefined }>({ name: `${name}.refetch` });
  const { pushData, revalidate } = query.__.lowLevelAPI;
  // Should the query have been reset meanwhile (no view), it stays as it is.
  const reloaded = sample({
    clock: reload,
    source: $view,
    filter: (view) => view !== null,
    fn: (view, { shown }) => ({ view: view!, shown }),
  });
  sample({ clock: reloaded, filter: ({ shown }) => shown !== undefined, fn: ({ shown }) => shown as Data, target: pushData });
  sample({ clock: reloaded, fn: ({ view }) => ({ params: view.params, refresh: true }), target: [revalidate, query.$stale.reinit] });
  const refetcher: Refetcher<Params, Data, Error> = { $view, reload };
  refetchers.set(query, refetcher);
  return refetcher;
}

export function refetchOn<Params, Data, Error, Payload>(
  query: Query<Params, Data, Error, any>,
  { clock, name, filter, show }: RefetchOnOptions<Params, Data, Error, Payload>,
): void {
  const { $view, reload } = refetcherOf(query, name);
  sample({
    clock,
    source: $view,
    filter: (view, payload) => view !== null && (filter ? filter(view, payload) : true),
    fn: (view, payload) => ({ shown: show?.(view!, payload) }),
    target: reload,
  });
}

export function createRefetch<Params, Data, Error>(query: Query<Params, Data, Error, any>, name: string): EventCallable<Params> {
  const requested = createEvent<Params>();
  const { $view } = refetcherOf(query, name);
  const holds = (view: QueryView<Params, Data, Error> | null, params: Params) => view !== null && paramsKey(view.params) === paramsKey(params);
  refetchOn(query, { clock: requested, name, filter: (view, params) => holds(view, params) });
  sample({ clock: requested, source: $view, filter: (view, params) => !holds(view, params), fn: (_, params) => params, target: query.start });
  return requested;
}

/** Params as a comparable key; "no params" (undefined, null, {}) are one key, uncomparable values never match. */
const paramsKey = (params: unknown): string => {
  if (params === undefined || params === null) return 'none';
  try {
    const key = JSON.stringify(params);
    return key === '{}' ? 'none' : key;
  } catch {
    return `unique:${Math.random()}`;
  }
};
