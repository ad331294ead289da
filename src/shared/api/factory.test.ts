import { allSettled, fork } from 'effector';
import { inspectGraph } from 'effector/inspect';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import * as z from 'zod/mini';
import { apiDataReset, createApiMutation, createApiQuery, queryState, mutationState } from '@/shared/api';
import { createApiQuery as createApiQueryFromFactory } from '@/shared/api/factory';
import { defineEndpoint } from '@/shared/contract';
import { fail, ok } from './testing/fake-server';
import { testCard, testTopUp, testWallet } from './testing/endpoints';
import { signIn, useFakeApi } from './testing/setup';

const server = useFakeApi();
// The in-memory cache outlives scopes (like in the app): start every test from an empty one.
beforeEach(async () => {
  await allSettled(apiDataReset, { scope: fork() });
});

// Operations are declared at module level, like in a slice's model.
const walletQuery = createApiQuery(testWallet);
const cardQuery = createApiQuery(testCard);
const walletQueryA = createApiQueryFromFactory(testWallet, { name: 'walletA' });
const walletQueryB = createApiQueryFromFactory(testWallet, { name: 'walletB' });
const uncachedWalletQuery = createApiQueryFromFactory(testWallet, { name: 'walletUncached', cached: false });
const topUpMutation = createApiMutation(testTopUp);
const $walletState = queryState(walletQuery);
const $topUpState = mutationState(topUpMutation);

const sidOf = (operation: unknown) => (operation as { __: { meta: { sid?: string | null } } }).__.meta.sid;
const serverError = fail(500, { service: 'wallet', code: 'INTERNAL', message: 'boom' });

/** allSettled while fake timers run the retry delays. */
async function settleWithTimers(promise: Promise<unknown>) {
  let done = false;
  void promise.finally(() => (done = true));
  for (let i = 0; i < 50 && !done; i += 1) await vi.advanceTimersByTimeAsync(1_000);
  await promise;
}

describe('SIDs', () => {
  test('every operation made by the factories has its own SID', () => {
    const sids = [walletQuery, cardQuery, walletQueryA, walletQueryB, topUpMutation].map(sidOf);
    for (const sid of sids.slice(0, 4)) expect(sid).toMatch(/\|/);
    expect(new Set(sids).size).toBe(sids.length);
  });
});

describe('queries', () => {
  test('fetches with the transport and reaches success', async () => {
    signIn();
    server.on('GET', '/api/cards/1', () => ok({ id: '1' }));
    const scope = fork();
    expect(scope.getState(queryState(cardQuery))).toBe('pending'); // initial counts as pending
    await allSettled(cardQuery.start, { scope, params: { params: { id: '1' } } });
    expect(scope.getState(cardQuery.$data)).toEqual({ id: '1' });
    expect(server.calls[0]?.headers.get('authorization')).toBe('Bearer access-1');
  });

  test('cache: fresh for 5 minutes, then served stale and refetched (fork + allSettled)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let balance = 1;
    server.on('GET', '/api/wallet', () => ok({ balance: balance++ }));
    const scope = fork();

    await allSettled(walletQuery.start, { scope, params: undefined });
    expect(scope.getState(walletQuery.$data)).toEqual({ balance: 1 });

    vi.advanceTimersByTime(4 * 60_000);
    await allSettled(walletQuery.start, { scope, params: undefined });
    expect(server.calls).toHaveLength(1); // fresh: no request

    const other = fork(); // another scope starts from the same cache entry
    await allSettled(walletQuery.start, { scope: other, params: undefined });
    expect(other.getState(walletQuery.$data)).toEqual({ balance: 1 });
    expect(server.calls).toHaveLength(1);

    vi.advanceTimersByTime(60_000 + 1);
    await allSettled(walletQuery.start, { scope, params: undefined });
    expect(server.calls).toHaveLength(2); // stale: refetched
    expect(scope.getState(walletQuery.$data)).toEqual({ balance: 2 });
  });

  test('cached: false — every start asks the server, nothing is kept for another scope', async () => {
    let balance = 1;
    server.on('GET', '/api/wallet', () => ok({ balance: balance++ }));
    const scope = fork();
    await allSettled(uncachedWalletQuery.start, { scope, params: undefined });
    await allSettled(uncachedWalletQuery.start, { scope, params: undefined });
    expect(scope.getState(uncachedWalletQuery.$data)).toEqual({ balance: 2 });
    const other = fork();
    await allSettled(uncachedWalletQuery.start, { scope: other, params: undefined });
    expect(other.getState(uncachedWalletQuery.$data)).toEqual({ balance: 3 });
    expect(server.calls).toHaveLength(3);
  });

  test('different params are cached separately', async () => {
    server.on('GET', '/api/cards/1', () => ok({ id: '1' }));
    server.on('GET', '/api/cards/2', () => ok({ id: '2' }));
    const scope = fork();
    await allSettled(cardQuery.start, { scope, params: { params: { id: '1' } } });
    await allSettled(cardQuery.start, { scope, params: { params: { id: '2' } } });
    await allSettled(cardQuery.start, { scope, params: { params: { id: '1' } } });
    expect(server.calls.map((call) => call.path)).toEqual(['/api/cards/1', '/api/cards/2']);
    expect(scope.getState(cardQuery.$data)).toEqual({ id: '1' });
  });

  test('apiDataReset forgets data and cache', async () => {
    server.on('GET', '/api/cards/1', () => ok({ id: '1' }));
    const scope = fork();
    await allSettled(cardQuery.start, { scope, params: { params: { id: '1' } } });
    await allSettled(apiDataReset, { scope });
    expect(scope.getState(cardQuery.$data)).toBeNull();
    await allSettled(cardQuery.start, { scope, params: { params: { id: '1' } } });
    expect(server.calls).toHaveLength(2);
  });

  test('a 500 is retried 3 times with backoff, then fails', async () => {
    vi.useFakeTimers();
    server.on('GET', '/api/cards/1', () => serverError);
    const scope = fork();
    await settleWithTimers(allSettled(cardQuery.start, { scope, params: { params: { id: '1' } } }));
    expect(server.calls).toHaveLength(4);
    expect(scope.getState(cardQuery.$status)).toBe('fail');
    expect(scope.getState(cardQuery.$error)).toMatchObject({ kind: 'http', status: 500, code: 'INTERNAL' });
  });

  test('the query stays pending through its retries and reports only the last error', async () => {
    vi.useFakeTimers();
    let calls = 0;
    server.on('GET', '/api/cards/1', () => (++calls < 3 ? serverError : ok({ id: '1' })));
    const scope = fork();
    const failures: unknown[] = [];
    const unwatch = cardQuery.finished.failure.watch((payload) => failures.push(payload));
    const started = allSettled(cardQuery.start, { scope, params: { params: { id: '1' } } });
    await vi.advanceTimersByTimeAsync(10);
    expect(server.calls).toHaveLength(1);
    expect(scope.getState(cardQuery.$status)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1_000); // 1 s backoff: the second attempt
    expect(server.calls).toHaveLength(2);
    expect(scope.getState(cardQuery.$status)).toBe('pending');
    await settleWithTimers(started); // 2 s backoff: the third attempt succeeds
    unwatch();
    expect(server.calls).toHaveLength(3);
    expect(failures).toEqual([]);
    expect(scope.getState(cardQuery.$data)).toEqual({ id: '1' });
  });

  test('a sign-out (apiDataReset) while a query waits to retry sends nothing more', async () => {
    vi.useFakeTimers();
    server.on('GET', '/api/cards/1', () => serverError);
    const scope = fork();
    const started = allSettled(cardQuery.start, { scope, params: { params: { id: '1' } } });
    await vi.advanceTimersByTimeAsync(10); // the first attempt failed: waiting 1 s to retry
    const reset = allSettled(apiDataReset, { scope });
    await settleWithTimers(Promise.all([started, reset]));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.calls).toHaveLength(1);
    expect(scope.getState(cardQuery.$data)).toBeNull();
    expect(scope.getState(cardQuery.$error)).toBeNull();
  });

  test('a network failure is retried too', async () => {
    vi.useFakeTimers();
    server.on('GET', '/api/cards/1', () => 'network-error');
    const scope = fork();
    await settleWithTimers(allSettled(cardQuery.start, { scope, params: { params: { id: '1' } } }));
    expect(server.calls).toHaveLength(4);
  });

  test.each([400, 404, 409, 422, 499])('HTTP %i is not retried', async (status) => {
    vi.useFakeTimers();
    server.on('GET', '/api/cards/1', () => fail(status, { service: 'cards', code: 'NOPE', message: 'no' }));
    const scope = fork();
    await settleWithTimers(allSettled(cardQuery.start, { scope, params: { params: { id: '1' } } }));
    expect(server.calls).toHaveLength(1);
    expect(scope.getState(cardQuery.$error)).toMatchObject({ kind: 'http', status });
  });

  test('a string error with a 4xx status is not retried either', async () => {
    vi.useFakeTimers();
    server.on('GET', '/api/cards/1', () => fail(404, 'Card not found'));
    const scope = fork();
    await settleWithTimers(allSettled(cardQuery.start, { scope, params: { params: { id: '1' } } }));
    expect(server.calls).toHaveLength(1);
    expect(scope.getState(cardQuery.$error)).toMatchObject({ kind: 'network', code: 'UNKNOWN', status: 404 });
  });

  test('auth-expired is not retried (no refresh loop)', async () => {
    vi.useFakeTimers();
    signIn('access-0', 'refresh-0');
    server.on('GET', '/api/cards/1', () => fail(401, { service: 'http', code: 'UNAUTHORIZED', message: 'no' }));
    server.on('POST', '/api/auth/refresh-token', () => fail(401, { service: 'auth', code: 'INVALID', message: 'no' }));
    const scope = fork();
    await settleWithTimers(allSettled(cardQuery.start, { scope, params: { params: { id: '1' } } }));
    expect(server.calls.map((call) => call.path)).toEqual(['/api/cards/1', '/api/auth/refresh-token']);
    expect(scope.getState(cardQuery.$error)).toMatchObject({ kind: 'auth-expired' });
  });

  test('undefined data is an error, not data null (SPEC §4)', async () => {
    server.on('GET', '/api/wallet', () => ({ status: 200, json: { success: true } }));
    const scope = fork();
    vi.useFakeTimers();
    await settleWithTimers(allSettled(walletQuery.start, { scope, params: undefined }));
    expect(scope.getState(walletQuery.$status)).toBe('fail');
    expect(scope.getState($walletState)).toBe('error');
    expect(scope.getState(walletQuery.$error)).toMatchObject({ kind: 'parse', message: 'Failed to parse response' });
  });

  test('data off the schema is a parse error, and each answer is validated once (in the transport)', async () => {
    let checks = 0;
    const counted = defineEndpoint({
      ...testWallet,
      id: 'test.counted',
      response: z.object({ balance: z.number() }).check(
        z.refine(() => {
          checks += 1;
          return true;
        }),
      ),
    });
    const countedQuery = createApiQueryFromFactory(counted, { name: 'counted', cached: false });
    server.on('GET', '/api/wallet', () => ok({ balance: 5 }));
    const scope = fork();
    await allSettled(countedQuery.start, { scope, params: undefined });
    expect(scope.getState(countedQuery.$data)).toEqual({ balance: 5 });
    expect(checks).toBe(1);

    server.on('GET', '/api/wallet', () => ok({ balance: 'x' }));
    vi.useFakeTimers();
    await settleWithTimers(allSettled(countedQuery.start, { scope, params: undefined }));
    expect(scope.getState(countedQuery.$error)).toMatchObject({ kind: 'parse', message: 'Failed to parse response' });
  });
});

describe('what an operation costs to create', () => {
  // Every query is created when its module is evaluated: the first screens create a dozen (docs/performance.md
  // "Start-up"). One shared cache adapter and retries inside the request keep a query at ~315 effector units
  // (farfetched's own cache adapter and retry operator per query made it 458).
  test('a query and a mutation stay within their effector unit budgets', () => {
    let units = 0;
    const inspection = inspectGraph({ fn: () => void (units += 1) });
    createApiQueryFromFactory(testCard, { name: 'budget.query' });
    const perQuery = units;
    createApiMutation(testTopUp, { name: 'budget.mutation' });
    const perMutation = units - perQuery;
    createApiQueryFromFactory(testCard, { name: 'budget.uncached', cached: false });
    const perUncachedQuery = units - perQuery - perMutation;
    inspection.unsubscribe();
    expect(perQuery).toBeLessThanOrEqual(330);
    expect(perMutation).toBeLessThanOrEqual(200);
    expect(perUncachedQuery).toBeLessThanOrEqual(230);
  });
});

describe('mutations', () => {
  test('succeed with the Idempotency-Key passed in the params', async () => {
    signIn();
    server.on('POST', '/api/cards/1/topup', () => ok({ accepted: true }));
    const scope = fork();
    expect(scope.getState($topUpState)).toBe('idle');
    await allSettled(topUpMutation.start, { scope, params: { params: { id: '1' }, body: { amount: 5 }, idempotencyKey: 'k-1' } });
    expect(scope.getState($topUpState)).toBe('success');
    expect(server.calls[0]?.headers.get('idempotency-key')).toBe('k-1');
    expect(server.calls[0]?.body).toEqual({ amount: 5 });
  });

  test('are never retried', async () => {
    vi.useFakeTimers();
    server.on('POST', '/api/cards/1/topup', () => serverError);
    const scope = fork();
    await settleWithTimers(allSettled(topUpMutation.start, { scope, params: { params: { id: '1' }, body: { amount: 5 } } }));
    expect(server.calls).toHaveLength(1);
    expect(scope.getState($topUpState)).toBe('error');
  });
});
