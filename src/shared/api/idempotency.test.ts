import { allSettled, createStore, fork } from 'effector';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import * as z from 'zod/mini';
import { defineEndpoint } from '@/shared/contract';
import { createIdempotentMutation, forgetPendingIntents, isDefinitiveFailure, PENDING_INTENTS_PREFIX } from '@/shared/api';
import { fail, ok, type FakeRequest } from './testing/fake-server';
import { testTopUp } from './testing/endpoints';
import { signIn, useFakeApi } from './testing/setup';

const server = useFakeApi();
beforeEach(() => sessionStorage.clear());

const testExchange = defineEndpoint({
  id: 'test.exchange',
  method: 'POST',
  path: '/api/wallet/exchange',
  auth: 'bearer',
  idempotent: true,
  tag: 'test',
  summary: 'test',
  body: z.object({ amount: z.number(), quoteId: z.string() }),
  response: z.object({ quoteId: z.string() }),
});

const topUp = createIdempotentMutation(testTopUp);
const exchange = createIdempotentMutation(testExchange, { intentOf: ({ body }) => ({ amount: body.amount }) });

// What the last call gave, per scope (mutations keep no data).
const $topUpError = createStore<unknown>(null).on(topUp.finished.failure, (_, { error }) => error);
const $exchangeResult = createStore<unknown>(null).on(exchange.finished.success, (_, { result }) => result);

const jwtFor = (sub: string) => `h.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.s`;
const keyOf = (call: FakeRequest | undefined) => call?.headers.get('idempotency-key');
const keys = () => server.calls.map(keyOf);
const input = (id: string, amount: number) => ({ params: { id }, body: { amount } });
const inProgress = fail(409, { service: 'idempotency', code: 'IDEMPOTENCY_IN_PROGRESS', message: 'busy' });
const insufficient = fail(422, { service: 'wallet', code: 'INSUFFICIENT_FUNDS', message: 'no money' });
const quoteExpired = fail(409, { service: 'wallet', code: 'QUOTE_EXPIRED', message: 'expired' });

async function confirmTopUp(id = 'c1', amount = 100) {
  // A new scope each time: the sheet was closed and reopened, or the page reloaded (sessionStorage stays).
  const scope = fork();
  await allSettled(topUp.start, { scope, params: input(id, amount) });
  return scope;
}

describe('isDefinitiveFailure', () => {
  test('only a 4xx with the server’s own code that is not "still in progress" settles a request', async () => {
    signIn();
    const errorFor = async (reply: Parameters<typeof server.on>[2]) => {
      server.on('POST', '/api/cards/c1/topup', reply);
      const scope = fork();
      await allSettled(topUp.start, { scope, params: input('c1', 1) });
      expect(scope.getState(topUp.$status)).toBe('fail');
      return scope.getState($topUpError);
    };
    const cases: [Parameters<typeof server.on>[2], boolean][] = [
      [() => insufficient, true],
      [() => fail(400, { service: 'x', code: 'VALIDATION_ERROR', message: 'bad' }), true],
      [() => inProgress, false],
      [() => fail(429, { service: 'x', code: 'RATE_LIMITED', message: 'slow' }), false],
      [() => fail(503, { service: 'x', code: 'DATABASE_UNAVAILABLE', message: 'down' }), false],
      [() => fail(500, { service: 'x', code: 'INTERNAL', message: 'boom' }), false],
      [() => ({ status: 404, text: '<html>proxy</html>' }), false],
      [() => 'network-error', false],
      [() => ({ status: 200, text: 'not json' }), false],
    ];
    for (const [reply, definitive] of cases) {
      const error = await errorFor(reply);
      expect(isDefinitiveFailure(error)).toBe(definitive);
    }
  });
});

describe('createIdempotentMutation: the key belongs to the intent', () => {
  test('the same intent keeps its key after a dropped connection, a 5xx, "in progress", across scopes', async () => {
    signIn();
    const replies = ['network-error', fail(503, { service: 'x', code: 'DATABASE_UNAVAILABLE', message: 'down' }), inProgress, ok({ accepted: true })] as const;
    let n = 0;
    server.on('POST', '/api/cards/c1/topup', () => replies[n++]!);
    for (let i = 0; i < replies.length; i += 1) await confirmTopUp();
    expect(server.calls).toHaveLength(4);
    expect(new Set(keys()).size).toBe(1);
    expect(keyOf(server.calls[0])).toMatch(/^[0-9a-f-]{36}$/);
    // Success settles the intent: the next top-up of the same amount is a new one.
    await confirmTopUp();
    expect(keyOf(server.calls[4])).not.toBe(keyOf(server.calls[0]));
  });

  test('a timeout keeps the key', async () => {
    signIn();
    vi.useFakeTimers();
    let answer: 'hang' | ReturnType<typeof ok> = 'hang';
    server.on('POST', '/api/cards/c1/topup', () => answer);
    const scope = fork();
    const first = allSettled(topUp.start, { scope, params: input('c1', 100) });
    await vi.advanceTimersByTimeAsync(10_001);
    await first;
    expect(scope.getState($topUpError)).toMatchObject({ kind: 'timeout' });
    vi.useRealTimers();
    answer = ok({ accepted: true });
    await confirmTopUp();
    expect(server.calls).toHaveLength(2);
    expect(keyOf(server.calls[1])).toBe(keyOf(server.calls[0]));
  });

  test('a definitive refusal settles the intent: the next confirmation gets a new key', async () => {
    signIn();
    server.on('POST', '/api/cards/c1/topup', () => insufficient);
    await confirmTopUp();
    await confirmTopUp();
    expect(keyOf(server.calls[1])).not.toBe(keyOf(server.calls[0]));
  });

  test('another amount or another card is another intent with its own key; the first one keeps its own', async () => {
    signIn();
    server.on('POST', '/api/cards/c1/topup', () => 'network-error');
    server.on('POST', '/api/cards/c2/topup', () => 'network-error');
    await confirmTopUp('c1', 100);
    await confirmTopUp('c1', 200);
    await confirmTopUp('c2', 100);
    await confirmTopUp('c1', 100);
    const [a, b, c, again] = keys();
    expect(new Set([a, b, c]).size).toBe(3);
    expect(again).toBe(a);
  });

  test('pending intents are kept per user, in sessionStorage only, and forgotten on sign-out', async () => {
    signIn(jwtFor('usr_1'));
    server.on('POST', '/api/cards/c1/topup', () => 'network-error');
    await confirmTopUp();
    signIn(jwtFor('usr_2'));
    await confirmTopUp();
    expect(keyOf(server.calls[1])).not.toBe(keyOf(server.calls[0]));
    signIn(jwtFor('usr_1'));
    await confirmTopUp();
    expect(keyOf(server.calls[2])).toBe(keyOf(server.calls[0]));

    const stored = Object.keys(sessionStorage).filter((key) => key.startsWith(PENDING_INTENTS_PREFIX));
    expect(stored.sort()).toEqual([`${PENDING_INTENTS_PREFIX}usr_1`, `${PENDING_INTENTS_PREFIX}usr_2`]);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(jwtFor('usr_1'));
    expect(Object.keys(localStorage).some((key) => key.startsWith(PENDING_INTENTS_PREFIX))).toBe(false);

    forgetPendingIntents();
    await confirmTopUp();
    expect(keyOf(server.calls[3])).not.toBe(keyOf(server.calls[0]));
  });
});

describe('createIdempotentMutation: a lost request is resent before a new input of the same intent', () => {
  const exchangeCalls = () => server.callsTo('POST', '/api/wallet/exchange');
  const confirmExchange = async (quoteId: string, amount = 100) => {
    const scope = fork();
    await allSettled(exchange.start, { scope, params: { body: { amount, quoteId } } });
    return { status: scope.getState(exchange.$status), value: scope.getState($exchangeResult) };
  };

  test('it happened: the server replays it, the new quote is never sent', async () => {
    signIn();
    const replies = ['network-error', ok({ quoteId: 'q1' })] as const;
    let n = 0;
    server.on('POST', '/api/wallet/exchange', () => replies[n++]!);
    await confirmExchange('q1');
    const { status, value } = await confirmExchange('q2');
    expect(status).toBe('done');
    expect(value).toEqual({ quoteId: 'q1' });
    expect(exchangeCalls().map((call) => call.body)).toEqual([{ amount: 100, quoteId: 'q1' }, { amount: 100, quoteId: 'q1' }]);
    expect(keyOf(exchangeCalls()[1])).toBe(keyOf(exchangeCalls()[0]));
  });

  test('it never happened (the server refuses the old quote): the new quote goes with a new key', async () => {
    signIn();
    server.on('POST', '/api/wallet/exchange', ({ body }) =>
      (body as { quoteId: string }).quoteId === 'q1' ? (exchangeCalls().length === 1 ? 'network-error' : quoteExpired) : ok({ quoteId: 'q2' }),
    );
    await confirmExchange('q1');
    const { status, value } = await confirmExchange('q2');
    expect(status).toBe('done');
    expect(value).toEqual({ quoteId: 'q2' });
    const [lost, resent, fresh] = exchangeCalls();
    expect(resent?.body).toEqual(lost?.body);
    expect(keyOf(resent)).toBe(keyOf(lost));
    expect(fresh?.body).toEqual({ amount: 100, quoteId: 'q2' });
    expect(keyOf(fresh)).not.toBe(keyOf(lost));
  });

  test('still unknown: the new quote is not sent, and the lost request stays pending', async () => {
    signIn();
    server.on('POST', '/api/wallet/exchange', () => 'network-error');
    await confirmExchange('q1');
    const { status } = await confirmExchange('q2');
    expect(status).toBe('fail');
    expect(exchangeCalls().map((call) => (call.body as { quoteId: string }).quoteId)).toEqual(['q1', 'q1']);
    await confirmExchange('q3');
    expect(exchangeCalls().map(keyOf)).toEqual(Array(3).fill(keyOf(exchangeCalls()[0])));
  });

  test('another amount is another intent: sent at once with its own key', async () => {
    signIn();
    server.on('POST', '/api/wallet/exchange', () => 'network-error');
    await confirmExchange('q1', 100);
    await confirmExchange('q2', 250);
    expect(exchangeCalls().map((call) => call.body)).toEqual([{ amount: 100, quoteId: 'q1' }, { amount: 250, quoteId: 'q2' }]);
    expect(keyOf(exchangeCalls()[1])).not.toBe(keyOf(exchangeCalls()[0]));
  });
});
