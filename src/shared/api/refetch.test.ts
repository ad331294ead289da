import { allSettled, createEvent, fork } from 'effector';
import { inspectGraph } from 'effector/inspect';
import { beforeEach, describe, expect, test } from 'vitest';
import { apiDataReset, createApiQuery, createRefetch, refetchOn } from '@/shared/api';
import { ok } from './testing/fake-server';
import { testCard } from './testing/endpoints';
import { signIn, useFakeApi } from './testing/setup';

const server = useFakeApi();
beforeEach(async () => {
  await allSettled(apiDataReset, { scope: fork() });
});

const cardQuery = createApiQuery(testCard, { name: 'refetch.test.card' });
const cardRefetch = createRefetch(cardQuery, 'refetch.test.card');
const cardChanged = createEvent<{ id: string; shown: string }>();
const cardShownQuery = createApiQuery(testCard, { name: 'refetch.test.shown' });
refetchOn(cardShownQuery, {
  clock: cardChanged,
  name: 'refetch.test.shown',
  filter: (view, card) => (view.params as { params: { id: string } }).params.id === card.id,
  show: (_, card) => ({ id: card.shown }),
});

// A second call site on the same query (like the cards list: its poll, a card's answer, an invalidation).
const cardRemoved = createEvent<{ id: string }>();
refetchOn(cardShownQuery, {
  clock: cardRemoved,
  name: 'refetch.test.removed',
  filter: (view, card) => (view.params as { params: { id: string } }).params.id === card.id,
});

const card = (id: string) => ({ params: { id } });

describe('reloading past the cache (shared/api/refetch.ts)', () => {
  test('a cached start answers from the cache; the refetch asks the server again and refills the cache', async () => {
    signIn();
    let n = 0;
    server.on('GET', '/api/cards/1', () => ok({ id: `1-v${++n}` }));
    const scope = fork();
    await allSettled(cardQuery.start, { scope, params: card('1') });
    await allSettled(cardQuery.start, { scope, params: card('1') });
    expect(server.calls).toHaveLength(1); // fresh cache
    await allSettled(cardQuery.refresh, { scope, params: card('1') });
    expect(server.calls).toHaveLength(1); // farfetched's own refresh answers from a fresh cache too: why this module exists
    await allSettled(cardRefetch, { scope, params: card('1') });
    expect(server.calls).toHaveLength(2);
    expect(scope.getState(cardQuery.$data)).toEqual({ id: '1-v2' });
    const later = fork();
    await allSettled(cardQuery.start, { scope: later, params: card('1') });
    expect(server.calls).toHaveLength(2);
    expect(later.getState(cardQuery.$data)).toEqual({ id: '1-v2' }); // the cache holds the new answer
  });

  test('a query holding other params (or nothing) is simply started with the requested ones', async () => {
    signIn();
    server.on('GET', '/api/cards/1', () => ok({ id: '1' }));
    server.on('GET', '/api/cards/2', () => ok({ id: '2' }));
    const scope = fork();
    await allSettled(cardRefetch, { scope, params: card('1') });
    expect(scope.getState(cardQuery.$data)).toEqual({ id: '1' });
    await allSettled(cardRefetch, { scope, params: card('2') });
    expect(scope.getState(cardQuery.$data)).toEqual({ id: '2' });
    expect(server.calls.map((call) => call.path)).toEqual(['/api/cards/1', '/api/cards/2']);
  });

  test('refetchOn: shows the answer at once, reloads only the matching query, leaves a query never started alone', async () => {
    signIn();
    server.on('GET', '/api/cards/1', () => ok({ id: 'server' }));
    const idle = fork();
    await allSettled(cardChanged, { scope: idle, params: { id: '1', shown: 'answer' } });
    expect(server.calls).toHaveLength(0);
    expect(idle.getState(cardShownQuery.$data)).toBeNull();

    const scope = fork();
    await allSettled(cardShownQuery.start, { scope, params: card('1') });
    await allSettled(cardChanged, { scope, params: { id: '2', shown: 'other' } });
    expect(server.calls).toHaveLength(1);
    expect(scope.getState(cardShownQuery.$data)).toEqual({ id: 'server' });
    const seen: unknown[] = [];
    const unwatch = cardShownQuery.$data.watch((data) => seen.push(data));
    await allSettled(cardChanged, { scope, params: { id: '1', shown: 'answer' } });
    unwatch();
    expect(seen).toContainEqual({ id: 'answer' });
    expect(server.calls).toHaveLength(2);
    expect(scope.getState(cardShownQuery.$data)).toEqual({ id: 'server' });
  });

  test('several call sites of one query: each reloads with its own filter and show, and shares one trigger', async () => {
    signIn();
    let n = 0;
    server.on('GET', '/api/cards/1', () => ok({ id: `server-${++n}` }));
    const scope = fork();
    await allSettled(cardShownQuery.start, { scope, params: card('1') });
    await allSettled(cardRemoved, { scope, params: { id: '2' } }); // another card: nothing
    expect(server.calls).toHaveLength(1);
    await allSettled(cardRemoved, { scope, params: { id: '1' } });
    expect(server.calls).toHaveLength(2);
    expect(scope.getState(cardShownQuery.$data)).toEqual({ id: 'server-2' });
    await allSettled(cardChanged, { scope, params: { id: '1', shown: 'answer' } });
    expect(server.calls).toHaveLength(3);
    expect(scope.getState(cardShownQuery.$data)).toEqual({ id: 'server-3' });

    // What one more call site costs: its sample, not another mutation with its own update rule.
    let units = 0;
    const inspection = inspectGraph({ fn: () => void (units += 1) });
    refetchOn(cardShownQuery, { clock: createEvent<void>(), name: 'refetch.test.more' });
    inspection.unsubscribe();
    expect(units).toBeLessThanOrEqual(20);
  });

  test("a query's first reload costs a handful of units, not a trigger mutation (~185) with its update rule", () => {
    const query = createApiQuery(testCard, { name: 'refetch.test.budget' });
    let units = 0;
    const inspection = inspectGraph({ fn: () => void (units += 1) });
    createRefetch(query, 'refetch.test.budget');
    inspection.unsubscribe();
    expect(units).toBeLessThanOrEqual(40);
  });
});
