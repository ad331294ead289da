/**
 * Refetch a query from the server NOW, past the shared cache.
 *
 * Every `createApiQuery` is cached (fresh 5 min, SPEC §9), and while the cached copy is fresh `start` and
 * `refresh` answer from it without a request. A refresh the user asked for, polling, and the reload after a
 * money movement must reach the server. farfetched's `update` with `refetch` drops the query's cache entry for
 * the given params and fetches them again; the trigger is a local no-network mutation. The data on screen
 * stays while the new request runs, and the answer refills the cache (so a later cached `start` sees it too).
 * A query that has nothing yet (never started, or reset), or holds another set of params (another payment
 * id), is simply started with the requested params.
 *
 * Call at module level of a model: `export const walletRefetchRequested = createForcedRefetch(walletQuery, 'wallet')`.
 */
import { createMutation, update, type Query } from '@farfetched/core';
import { combine, createEffect, createEvent, createStore, sample, type EventCallable } from 'effector';

export function createForcedRefetch<Params, Data, Error>(
  query: Query<Params, Data, Error, any>,
  name: string,
): EventCallable<Params> {
  const refetchRequested = createEvent<Params>();
  const invalidate = createMutation({ name: `${name}.forcedRefetch`, effect: createEffect<Params, Params, Error>((params) => params) });

  update(query, {
    on: invalidate,
    by: {
      success: ({ query: state, mutation }) => {
        const refetch = { params: mutation.params };
        if (state && 'error' in state) return { error: state.error, refetch };
        return { result: (state as { result: Data }).result, refetch };
      },
    },
  });

  // The params of the latest start, as a comparable key (`update` refetches the data the query holds).
  const $latestKey = createStore<string | null>(null, { serialize: 'ignore' })
    .on(query.started, (_, { params }) => paramsKey(params))
    .reset(query.reset);
  const $hasState = combine(query.$data, query.$error, (data, error) => data !== null || error !== null);
  const holdsSameParams = (state: { hasState: boolean; latestKey: string | null }, params: Params) =>
    state.hasState && state.latestKey === paramsKey(params);

  sample({
    clock: refetchRequested,
    source: { hasState: $hasState, latestKey: $latestKey },
    filter: holdsSameParams,
    fn: (_, params) => params,
    target: invalidate.start,
  });
  sample({
    clock: refetchRequested,
    source: { hasState: $hasState, latestKey: $latestKey },
    filter: (state, params) => !holdsSameParams(state, params),
    fn: (_, params) => params,
    target: query.start,
  });
  return refetchRequested;
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
