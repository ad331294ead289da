import { isHttpError, isNetworkError, isPreparationError, isTimeoutError } from '@farfetched/core';
import { describe, expect, test, vi } from 'vitest';
import { authLogin, authRefreshToken, authRegister, authSendCode, authVerifyCode, cardsActivate } from '@/shared/contract';
import { configureApi } from '../config';
import { tokenStorage } from '../auth/tokens';
import { fail, ok } from '../testing/fake-server';
import { testCard, testTopUp, testWallet } from '../testing/endpoints';
import { BASE_URL, INIT_DATA, signIn, useFakeApi } from '../testing/setup';
import { request } from './request';
import type { ApiError } from './errors';

const server = useFakeApi();

const rejection = (promise: Promise<unknown>): Promise<ApiError> =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: ApiError) => error,
  );

describe('URL, body and headers', () => {
  test('builds the URL from base, path params and query; sends JSON', async () => {
    signIn();
    server.on('GET', '/api/wallet', () => ok({ balance: 5 }));
    server.on('POST', '/api/cards/c%2F1/topup', () => ok({ accepted: true }));

    await expect(request(testWallet, { query: { currency: 'USD', limit: undefined } })).resolves.toEqual({ balance: 5 });
    await request(testTopUp, { params: { id: 'c/1' }, body: { amount: 100 } });

    const [get, post] = server.calls;
    expect(get?.url).toBe(`${BASE_URL}/api/wallet?currency=USD`);
    expect(post?.url).toBe(`${BASE_URL}/api/cards/c%2F1/topup`);
    expect(post?.body).toEqual({ amount: 100 });
    expect(post?.headers.get('content-type')).toBe('application/json');
    expect(get?.headers.get('content-type')).toBeNull();
  });

  test('same origin when the base URL is empty', async () => {
    configureApi({ baseUrl: '' });
    server.on('GET', '/api/cards/7', () => ok({ id: '7' }));
    await request(testCard, { params: { id: '7' } });
    expect(server.calls[0]?.url).toBe('http://localhost/api/cards/7');
  });

  test('bearer token on every call except the auth calls (SPEC §6)', async () => {
    signIn('access-1');
    server.on('GET', '/api/wallet', () => ok({ balance: 1 }));
    server.on('POST', '/api/auth/login', () => ok({ accessToken: 'a', refreshToken: 'r', user: { id: 'u1', name: 'A' } }));

    await request(testWallet);
    await request(authLogin, { body: { provider: 'telegram' } });

    expect(server.callsTo('GET', '/api/wallet')[0]?.headers.get('authorization')).toBe('Bearer access-1');
    expect(server.callsTo('POST', '/api/auth/login')[0]?.headers.has('authorization')).toBe(false);
    // register, login, send-code, verify-code and refresh are the auth calls.
    for (const endpoint of [authRegister, authLogin, authSendCode, authVerifyCode, authRefreshToken]) {
      expect(endpoint.auth).toBe('none');
    }
  });

  test('X-Telegram-Init-Data on every call, skipped when unknown', async () => {
    server.on('POST', '/api/auth/login', () => ok({ accessToken: 'a', refreshToken: 'r', user: { id: 'u1', name: 'A' } }));
    server.on('GET', '/api/wallet', () => ok({ balance: 1 }));
    await request(authLogin, { body: { provider: 'telegram' } });
    await request(testWallet);
    configureApi({ getInitData: () => undefined });
    await request(testWallet);

    expect(server.calls.map((call) => call.headers.get('x-telegram-init-data'))).toEqual([INIT_DATA, INIT_DATA, null]);
  });

  test('Idempotency-Key: caller key or a fresh UUID on idempotent endpoints only', async () => {
    server.on('POST', '/api/cards/1/topup', () => ok({ accepted: true }));
    server.on('GET', '/api/wallet', () => ok({ balance: 1 }));
    const input = { params: { id: '1' }, body: { amount: 1 } };

    await request(testTopUp, input, { idempotencyKey: 'key-1' });
    await request(testTopUp, input);
    await request(testTopUp, input);
    await request(testWallet);

    const keys = server.calls.map((call) => call.headers.get('idempotency-key'));
    expect(keys[0]).toBe('key-1');
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[2]);
    expect(keys[3]).toBeNull();
  });
});

describe('timeout (SPEC §9: 10000 ms)', () => {
  test('aborts the request after 10 s with a timeout error', async () => {
    vi.useFakeTimers();
    server.on('GET', '/api/wallet', () => 'hang');
    const settled = vi.fn();
    const result = rejection(request(testWallet)).finally(settled);

    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).not.toHaveBeenCalled();
    expect(server.calls[0]?.signal?.aborted).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(server.calls[0]?.signal?.aborted).toBe(true);
    expect(error).toMatchObject({ kind: 'timeout', code: 'TIMEOUT', service: 'client' });
    expect(isTimeoutError({ error })).toBe(true);
  });

  test("the caller's signal cancels the request", async () => {
    server.on('GET', '/api/wallet', () => 'hang');
    const controller = new AbortController();
    const result = rejection(request(testWallet, {}, { signal: controller.signal }));
    await Promise.resolve();
    controller.abort();
    expect(await result).toMatchObject({ kind: 'network', code: 'CANCELLED' });
  });
});

describe('error mapping (SPEC §8)', () => {
  test('non-OK with service + message → the server error object', async () => {
    server.on('GET', '/api/wallet', () =>
      fail(422, { service: 'wallet', code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds', fields: { amount: 'too big' } }),
    );
    const error = await rejection(request(testWallet));
    expect(error).toMatchObject({
      kind: 'http',
      status: 422,
      service: 'wallet',
      code: 'INSUFFICIENT_FUNDS',
      message: 'Insufficient funds',
      fields: { amount: 'too big' },
    });
    expect(isHttpError({ error })).toBe(true);
  });

  test('typed `details` of the error object are kept (e.g. attemptsLeft); malformed ones are dropped', async () => {
    server.on('POST', '/api/cards/activate', () => fail(422, { service: 'cards', code: 'INVALID_ACTIVATION_CODE', message: 'Wrong', details: { attemptsLeft: 2 } }));
    server.on('GET', '/api/wallet', () => fail(422, { service: 'cards', code: 'INVALID_ACTIVATION_CODE', message: 'Wrong', details: { attemptsLeft: 'two' } }));
    expect(await rejection(request(cardsActivate, { body: { cardId: 'crd_1', activationCode: '123456' } }, { idempotencyKey: 'key-12345678' }))).toMatchObject({
      code: 'INVALID_ACTIVATION_CODE',
      details: { attemptsLeft: 2 },
    });
    expect(await rejection(request(testWallet))).not.toHaveProperty('details');
  });

  test('serviceName (SPEC wording) is accepted as well as service', async () => {
    server.on('GET', '/api/wallet', () => fail(400, { serviceName: 'cards', code: 'BAD', message: 'Bad card' }));
    expect(await rejection(request(testWallet))).toMatchObject({ kind: 'http', service: 'cards', code: 'BAD', message: 'Bad card' });
  });

  test('a string error → network error with code UNKNOWN', async () => {
    server.on('GET', '/api/wallet', () => fail(500, 'Database is down'));
    const error = await rejection(request(testWallet));
    expect(error).toMatchObject({ kind: 'network', code: 'UNKNOWN', message: 'Database is down', status: 500 });
    expect(isNetworkError({ error })).toBe(true);
  });

  test('otherwise "HTTP {status}: {statusText}"', async () => {
    server.on('GET', '/api/wallet', () => ({ status: 502, statusText: 'Bad Gateway', text: '<html>oops</html>' }));
    server.on('GET', '/api/cards/1', () => fail(503, { message: 'no service field' }, 'Service Unavailable'));
    expect(await rejection(request(testWallet))).toMatchObject({ kind: 'http', status: 502, message: 'HTTP 502: Bad Gateway' });
    expect(await rejection(request(testCard, { params: { id: '1' } }))).toMatchObject({
      message: 'HTTP 503: Service Unavailable',
    });
  });

  test('an OK answer with { success: false } is mapped like a failure', async () => {
    server.on('GET', '/api/wallet', () => ({ status: 200, json: { success: false, error: { service: 'wallet', code: 'X', message: 'm' } } }));
    expect(await rejection(request(testWallet))).toMatchObject({ kind: 'http', service: 'wallet', code: 'X' });
  });

  test.each([
    ['not JSON', { status: 200, text: 'not json' }],
    ['no envelope', { status: 200, json: { balance: 1 } }],
    ['undefined data', { status: 200, json: { success: true } }],
    ['data not matching the schema', { status: 200, json: { success: true, data: { balance: 'many' } } }],
  ])('%s → "Failed to parse response"', async (_, reply) => {
    server.on('GET', '/api/wallet', () => reply);
    const error = await rejection(request(testWallet));
    expect(error).toMatchObject({ kind: 'parse', code: 'PARSE_ERROR', message: 'Failed to parse response' });
    expect(isPreparationError({ error })).toBe(true);
  });

  test('fetch failure → "Network error occurred"', async () => {
    server.on('GET', '/api/wallet', () => 'network-error');
    const error = await rejection(request(testWallet));
    expect(error).toMatchObject({ kind: 'network', code: 'NETWORK_ERROR', message: 'Network error occurred' });
    expect(isNetworkError({ error })).toBe(true);
  });

  test('the raw body of a bad response is not kept in the error (it may hold tokens)', async () => {
    server.on('POST', '/api/auth/refresh-token', () => ok({ accessToken: 'secret-token', refreshToken: 42 }));
    const error = await rejection(request(authRefreshToken, { body: { refreshToken: 'r' } }));
    expect(JSON.stringify(error)).not.toContain('secret-token');
  });
});

describe('401: refresh once, retry once (SPEC §4)', () => {
  const counter = { n: 1 };
  const currentAccess = () => `access-${counter.n}`;

  function routes({ refreshDelayMs = 0 } = {}) {
    counter.n = 1;
    server.on('GET', '/api/wallet', (call) =>
      call.headers.get('authorization') === `Bearer ${currentAccess()}` ? ok({ balance: 1 }) : fail(401, { service: 'http', code: 'UNAUTHORIZED', message: 'no' }),
    );
    server.on('POST', '/api/auth/refresh-token', async (call) => {
      if (refreshDelayMs) await new Promise((resolve) => setTimeout(resolve, refreshDelayMs));
      const { refreshToken } = call.body as { refreshToken: string };
      if (refreshToken !== `refresh-${counter.n}`) return fail(401, { service: 'auth', code: 'INVALID_REFRESH_TOKEN', message: 'no' });
      counter.n += 1;
      return ok({ accessToken: `access-${counter.n}`, refreshToken: `refresh-${counter.n}` });
    });
  }

  test('refreshes, stores the new tokens and retries with the new token', async () => {
    routes();
    signIn('access-0', 'refresh-1'); // stale access token
    await expect(request(testWallet)).resolves.toEqual({ balance: 1 });

    const refresh = server.callsTo('POST', '/api/auth/refresh-token');
    expect(refresh).toHaveLength(1);
    expect(refresh[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(refresh[0]?.headers.has('authorization')).toBe(false);
    expect(refresh[0]?.url).not.toContain('refresh-1');
    expect(server.callsTo('GET', '/api/wallet').map((call) => call.headers.get('authorization'))).toEqual([
      'Bearer access-0',
      'Bearer access-2',
    ]);
    expect(tokenStorage.read()).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  test('the retry keeps the same Idempotency-Key', async () => {
    counter.n = 1;
    server.on('POST', '/api/cards/1/topup', (call) =>
      call.headers.get('authorization') === 'Bearer access-2' ? ok({ accepted: true }) : fail(401, { service: 'http', code: 'UNAUTHORIZED', message: 'no' }),
    );
    routes();
    signIn('access-0', 'refresh-1');
    await request(testTopUp, { params: { id: '1' }, body: { amount: 1 } });
    const keys = server.callsTo('POST', '/api/cards/1/topup').map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  test('5 simultaneous 401s → exactly one refresh, each request retried once', async () => {
    routes({ refreshDelayMs: 20 });
    signIn('access-0', 'refresh-1');
    const results = await Promise.all(Array.from({ length: 5 }, () => request(testWallet)));

    expect(results).toEqual(Array(5).fill({ balance: 1 }));
    expect(server.callsTo('POST', '/api/auth/refresh-token')).toHaveLength(1);
    const auth = server.callsTo('GET', '/api/wallet').map((call) => call.headers.get('authorization'));
    expect(auth.filter((value) => value === 'Bearer access-0')).toHaveLength(5);
    expect(auth.filter((value) => value === 'Bearer access-2')).toHaveLength(5);
  });

  test('a 401 that arrives after another call already refreshed reuses the new token', async () => {
    routes();
    signIn('access-0', 'refresh-1');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.on('GET', '/api/cards/1', async (call) => {
      await gate; // answers 401 only after the wallet call has refreshed
      return call.headers.get('authorization') === `Bearer ${currentAccess()}` ? ok({ id: '1' }) : fail(401, { service: 'http', code: 'UNAUTHORIZED', message: 'no' });
    });
    const slow = request(testCard, { params: { id: '1' } });
    await request(testWallet);
    release();
    await expect(slow).resolves.toEqual({ id: '1' });
    expect(server.callsTo('POST', '/api/auth/refresh-token')).toHaveLength(1);
  });

  test('failed refresh → both tokens cleared, authExpired fired once, no loop', async () => {
    routes();
    signIn('access-0', 'refresh-stale');
    const { authExpired } = await import('../auth/events');
    const expired = vi.fn();
    const unwatch = authExpired.watch(expired);

    const errors = await Promise.all([rejection(request(testWallet)), rejection(request(testWallet))]);
    unwatch();

    for (const error of errors) {
      expect(error).toMatchObject({ kind: 'auth-expired', status: 401, message: 'Authentication expired. Please log in again.' });
      expect(isHttpError({ error })).toBe(true);
    }
    expect(server.callsTo('POST', '/api/auth/refresh-token')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/wallet')).toHaveLength(2); // no retry without a new token
    expect(localStorage.getItem('tgwallet.accessToken')).toBeNull();
    expect(localStorage.getItem('tgwallet.refreshToken')).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
    expect(expired.mock.calls[0]?.[0]).toMatchObject({ message: 'Authentication expired. Please log in again.' });
  });

  test('no refresh token → no refresh call, session expired', async () => {
    routes();
    localStorage.setItem('tgwallet.accessToken', 'access-0');
    expect(await rejection(request(testWallet))).toMatchObject({ kind: 'auth-expired' });
    expect(server.callsTo('POST', '/api/auth/refresh-token')).toHaveLength(0);
    expect(localStorage.getItem('tgwallet.accessToken')).toBeNull();
  });

  test('the retried request gets 401 again → no second refresh, session expired', async () => {
    routes();
    server.on('GET', '/api/wallet', () => fail(401, { service: 'http', code: 'UNAUTHORIZED', message: 'no' }));
    signIn('access-0', 'refresh-1');
    expect(await rejection(request(testWallet))).toMatchObject({ kind: 'auth-expired' });
    expect(server.callsTo('POST', '/api/auth/refresh-token')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/wallet')).toHaveLength(2);
    expect(tokenStorage.read()).toBeNull();
  });

  test('a 401 from an auth call is a plain error: no refresh', async () => {
    routes();
    signIn('access-0', 'refresh-1');
    server.on('POST', '/api/auth/login', () => fail(401, { service: 'auth', code: 'NOT_LINKED', message: 'Login failed' }));
    expect(await rejection(request(authLogin, { body: { provider: 'telegram' } }))).toMatchObject({
      kind: 'http',
      status: 401,
      code: 'NOT_LINKED',
    });
    expect(server.callsTo('POST', '/api/auth/refresh-token')).toHaveLength(0);
    expect(tokenStorage.read()).not.toBeNull();
  });
});
