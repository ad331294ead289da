/**
 * farfetched factories with the app-wide defaults (SPEC §4, §9), set here ONCE:
 *  - queries: cache fresh for 5 min, kept 30 min (in memory); no refetch on window focus (farfetched
 *    never does that); retried up to 3 times with exponential backoff, never on HTTP 400–499
 *  - mutations: never retried
 *  - both: data validated by the endpoint's response schema; undefined data is an error
 *
 * What a query costs to create matters: every query is created when its module is evaluated, and the first
 * screen evaluates a dozen (docs/performance.md "Start-up"). So all queries share ONE in-memory cache adapter
 * (entries are keyed by the query's SID and params, so they never mix), purged once by `apiDataReset`, and
 * the retries run inside the request effect instead of farfetched's `retry` operator: 315 effector units a
 * query instead of 458, the same behaviour (the query stays pending through its retries, only the last
 * error is reported, an abort stops the waiting).
 *
 * This module path is registered as an effector factory (vite.config.ts, @effector/swc-plugin
 * `factories`), so every createApiQuery/createApiMutation call site gets its own SID — farfetched's
 * cache needs it. Declare operations at module level of a slice's model, never inside components.
 */
import {
  cache,
  createMutation,
  createQuery,
  inMemoryCache,
  onAbort,
  type InvalidDataError,
  type Mutation,
  type Query,
} from '@farfetched/core';
import * as effector from 'effector';
import { createEffect, createStore, sample, type Store } from 'effector';
import type { EndpointData, EndpointInput } from '@/shared/contract';
import { bindTransportEvents } from './auth/events';
import { apiDataReset } from './reset';
import { validatedDataContract } from './contract';
import { isClientError, type ApiError } from './http/errors';
import { executeRequest, type AnyEndpoint } from './http/request';
import { isDefinitiveFailure, newIdempotencyKey, pendingIntents, stableStringify } from './idempotency';

const QUERY_DEFAULTS = {
  staleAfter: '5min',
  cacheMaxAge: '30min',
  retryTimes: 3,
  /** Backoff: 1 s, 2 s, 4 s (capped at 30 s). */
  retryBaseDelayMs: 1000,
  retryMaxDelayMs: 30_000,
} as const;

/** What `query.start(...)` / `mutation.start(...)` takes: the endpoint input; none when nothing is required. */
type ApiOperationParams<E> = {} extends EndpointInput<E> ? EndpointInput<E> | void : EndpointInput<E>;
/** Mutation input plus an optional Idempotency-Key (idempotent endpoints get a fresh one otherwise). */
export type ApiMutationParams<E> = {} extends EndpointInput<E>
  ? (EndpointInput<E> & { idempotencyKey?: string }) | void
  : EndpointInput<E> & { idempotencyKey?: string };

type ApiOperationError = ApiError | InvalidDataError;
export type ApiQuery<E> = Query<ApiOperationParams<E>, EndpointData<E>, ApiOperationError>;
export type ApiMutation<E> = Mutation<ApiMutationParams<E>, EndpointData<E>, ApiOperationError>;

export interface ApiQueryOptions {
  /** Readable name for devtools; defaults to the endpoint id. */
  name?: string;
  /** While false, `start`/`refresh` do nothing. */
  enabled?: Store<boolean>;
  /**
   * false: never answered from the cache nor kept in it, every start asks the server (default true, SPEC §9). For a
   * list's next pages: a continuation must come from the list as the server has it now, and the cache's wiring is
   * ~100 effector units more to create while the screen starts.
   */
  cached?: boolean;
}

export interface ApiMutationOptions {
  name?: string;
}

/** Exponential backoff for query retries: attempt 1 → 1 s, 2 → 2 s, 3 → 4 s. */
const retryDelay = ({ attempt }: { attempt: number }): number =>
  Math.min(QUERY_DEFAULTS.retryBaseDelayMs * 2 ** Math.max(0, attempt - 1), QUERY_DEFAULTS.retryMaxDelayMs);

/** SPEC §9: retry unless the error has an HTTP status from 400 to 499. */
const shouldRetry = ({ error }: { error: unknown }): boolean => !isClientError(error);

/** The one cache of every query (see the header): fresh/stale is decided per query by `cache`'s staleAfter. */
const queryCache = inMemoryCache({ maxAge: QUERY_DEFAULTS.cacheMaxAge });
sample({ clock: apiDataReset, target: queryCache.purge });

/** Resolves after `ms`, or at once when `signal` aborts. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });

/**
 * A query's request: sent, and on a failure `shouldRetry` accepts, sent again after `retryDelay` (at most
 * `retryTimes` more times). An aborted query (farfetched's `onAbort`: a newer start, a reset) stops waiting and
 * sends nothing more. Mutations pass `retries: false` (SPEC §9: never retried).
 */
function createRequestEffect<E extends AnyEndpoint, Params>(endpoint: E, { retries }: { retries: boolean }) {
  return createEffect<Params, EndpointData<E>, ApiError>(async (params) => {
    // Both must run synchronously, before the first await.
    const events = bindTransportEvents();
    const controller = new AbortController();
    onAbort(() => controller.abort());
    const { idempotencyKey, ...input } = (params ?? {}) as { idempotencyKey?: string };
    const send = () => executeRequest(endpoint, input as EndpointInput<E>, { signal: controller.signal, idempotencyKey }, events);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await send();
      } catch (error) {
        if (!retries || attempt > QUERY_DEFAULTS.retryTimes || !shouldRetry({ error }) || controller.signal.aborted) throw error;
        await pause(retryDelay({ attempt }), controller.signal);
        if (controller.signal.aborted) throw error;
      }
    }
  });
}

type WithFactory = <T>(config: { sid: string; name?: string; fn: () => T }) => T;
/** effector's runtime helper that the compiler plugins emit (present at runtime, not in its typings). */
const withFactory = (effector as unknown as { withFactory?: WithFactory }).withFactory;
const fallbackSids = new Set<string>();

/**
 * Units need a SID per call site (farfetched's cache keys on it). The swc plugin gives one when the call
 * is imported from a module listed in its `factories` (vite.config.ts). If it did not (the probe store's
 * SID has no "|" prefix), derive one from the operation name instead, so two operations never share
 * a cache; a repeated name is reported (pass `name` to tell them apart).
 */
function withCallSiteSid<T>(name: string, create: () => T): T {
  const probe = createStore(null, { serialize: 'ignore' });
  if (probe.sid?.includes('|') || !withFactory) return create();
  const sid = `api.${name}`;
  if (fallbackSids.has(sid) && import.meta.env.DEV) {
    console.warn(
      `[shared/api] two operations named "${name}" without compiler SIDs: pass a unique \`name\`, ` +
        `or import the factories from a module listed in @effector/swc-plugin \`factories\`.`,
    );
  }
  fallbackSids.add(sid);
  return withFactory({ sid, name, fn: create });
}

export function createApiQuery<E extends AnyEndpoint>(endpoint: E, options: ApiQueryOptions = {}): ApiQuery<E> {
  const name = options.name ?? endpoint.id;
  return withCallSiteSid(name, () => buildQuery(endpoint, name, options));
}

function buildQuery<E extends AnyEndpoint>(endpoint: E, name: string, { enabled, cached = true }: ApiQueryOptions): ApiQuery<E> {
  const query = createQuery({
    effect: createRequestEffect<E, ApiOperationParams<E>>(endpoint, { retries: true }),
    contract: validatedDataContract<EndpointData<E>>(),
    name,
    ...(enabled ? { enabled } : {}),
  }) satisfies ApiQuery<E>;

  if (cached) cache(query, { staleAfter: QUERY_DEFAULTS.staleAfter, adapter: queryCache });
  sample({ clock: apiDataReset, target: query.reset });
  return query;
}

/** Mutations are never retried (SPEC §9): a second attempt of a money-moving call is the user's decision. */
export function createApiMutation<E extends AnyEndpoint>(endpoint: E, options: ApiMutationOptions = {}): ApiMutation<E> {
  const name = options.name ?? endpoint.id;
  return withCallSiteSid(name, () =>
    createMutation({
      effect: createRequestEffect<E, ApiMutationParams<E>>(endpoint, { retries: false }),
      contract: validatedDataContract<EndpointData<E>>(),
      name,
    }) satisfies ApiMutation<E>,
  );
}

/** What an idempotent mutation's `start` takes: the endpoint input; the key is chosen by the mechanism. */
type IdempotentMutationParams<E> = ApiOperationParams<E>;
export type IdempotentMutation<E> = Mutation<IdempotentMutationParams<E>, EndpointData<E>, ApiOperationError> & {
  /** This scope's last attempt got no definitive answer: its intent (and key) is still pending. */
  $unresolved: Store<boolean>;
};

export interface IdempotentMutationOptions<E> {
  name?: string;
  /**
   * What the user means (same operation, same target, same amounts): inputs with the same intent share a key
   * while the first one's outcome is unknown. Default: the whole input. The exchange leaves the quote out.
   */
  intentOf?: (input: EndpointInput<E>) => unknown;
}

/**
 * A money-moving call whose Idempotency-Key belongs to the user's intent (docs/frontend-data.md
 * "Idempotent mutations"): the first start of an intent gets a new key, kept in sessionStorage (per user)
 * until a definitive answer — success, or a 4xx with the server's own code that is not "still in progress".
 * Until then every start of the same intent sends the same key (after a timeout, a closed sheet, a reload).
 *
 * When the same intent is started with a different input (the exchange at a new quote), the request whose
 * answer was lost is resent FIRST with its own key: if it happened, the server replays it and that is the
 * result (money moved once); if the server refuses it definitively (expired quote), it never happened and the
 * new input is sent with a new key. Never retried by itself (SPEC §9).
 */
export function createIdempotentMutation<E extends AnyEndpoint>(
  endpoint: E,
  options: IdempotentMutationOptions<E> = {},
): IdempotentMutation<E> {
  const name = options.name ?? endpoint.id;
  const intentOf = options.intentOf ?? ((input: EndpointInput<E>) => input);
  const createSendEffect = () => createEffect<IdempotentMutationParams<E>, EndpointData<E>, ApiError>(async (params) => {
    const events = bindTransportEvents();
    const controller = new AbortController();
    onAbort(() => controller.abort());
    const input = (params ?? {}) as EndpointInput<E>;
    const intent = `${endpoint.id}|${stableStringify(intentOf(input))}`;
    const send = async (sent: EndpointInput<E>, key: string) => {
      try {
        const data = await executeRequest(endpoint, sent, { signal: controller.signal, idempotencyKey: key }, events);
        pendingIntents.settle(intent, key);
        return data;
      } catch (error) {
        if (isDefinitiveFailure(error)) pendingIntents.settle(intent, key);
        throw error;
      }
    };

    const pending = pendingIntents.get(intent);
    if (pending && stableStringify(pending.input) === stableStringify(input)) return send(input, pending.key);
    if (pending) {
      try {
        return await send(pending.input as EndpointInput<E>, pending.key);
      } catch (error) {
        // Still unknown: the new input must not be sent (it could be a second transfer).
        if (!isDefinitiveFailure(error)) throw error;
      }
    }
    const key = newIdempotencyKey();
    pendingIntents.put(intent, { key, input, createdAt: Date.now() });
    return send(input, key);
  });
  return withCallSiteSid(name, () => {
    const mutation = createMutation({ effect: createSendEffect(), contract: validatedDataContract<EndpointData<E>>(), name });
    const $unresolved = createStore(false, { serialize: 'ignore' })
      .on(mutation.finished.failure, (_, { error }) => !isDefinitiveFailure(error))
      .reset(mutation.finished.success);
    return Object.assign(mutation, { $unresolved }) satisfies IdempotentMutation<E>;
  });
}
