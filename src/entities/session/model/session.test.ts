// @vitest-environment happy-dom
import { allSettled, fork } from 'effector';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { apiDataReset, configureApi, createApiQuery } from '@/shared/api';
import { createFakeServer, fail, ok, testWallet } from '@/shared/api/index.testing';
import {
  $accessToken,
  $authExpiredMessage,
  $isAuthenticated,
  authExpiredMessageShown,
  sessionStarted,
  signedIn,
  signedOut,
} from './session';

const server = createFakeServer();
const walletQuery = createApiQuery(testWallet, { name: 'session-test.wallet' });
const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1', user: { id: 'u1', name: 'Ann' } };

beforeEach(async () => {
  server.reset();
  localStorage.clear();
  vi.stubGlobal('fetch', server.fetch);
  configureApi({ baseUrl: '', getInitData: () => undefined });
  await allSettled(apiDataReset, { scope: fork() });
});

describe('session', () => {
  test('hydrates from token storage at start', async () => {
    localStorage.setItem('tgwallet.accessToken', 'stored-access');
    localStorage.setItem('tgwallet.refreshToken', 'stored-refresh');
    const scope = fork();
    await allSettled(sessionStarted, { scope });
    expect(scope.getState($isAuthenticated)).toBe(true);
    expect(scope.getState($accessToken)).toBe('stored-access');
  });

  test('signedIn stores both tokens (and only them); signedOut clears them', async () => {
    const scope = fork();
    await allSettled(signedIn, { scope, params: tokens });
    expect(scope.getState($isAuthenticated)).toBe(true);
    expect(localStorage.getItem('tgwallet.accessToken')).toBe('access-1');
    expect(localStorage.getItem('tgwallet.refreshToken')).toBe('refresh-1');
    expect(localStorage).toHaveLength(2); // the user object is not stored

    await allSettled(signedOut, { scope });
    expect(scope.getState($isAuthenticated)).toBe(false);
    expect(localStorage).toHaveLength(0);
  });

  test('signing out forgets API data', async () => {
    server.on('GET', '/api/wallet', () => ok({ balance: 7 }));
    const scope = fork();
    await allSettled(signedIn, { scope, params: tokens });
    await allSettled(walletQuery.start, { scope, params: undefined });
    expect(scope.getState(walletQuery.$data)).toEqual({ balance: 7 });
    await allSettled(signedOut, { scope });
    expect(scope.getState(walletQuery.$data)).toBeNull();
  });

  test('follows a transport refresh', async () => {
    server.on('GET', '/api/wallet', (call) =>
      call.headers.get('authorization') === 'Bearer access-2' ? ok({ balance: 1 }) : fail(401, { service: 'http', code: 'UNAUTHORIZED', message: 'no' }),
    );
    server.on('POST', '/api/auth/refresh-token', () => ok({ accessToken: 'access-2', refreshToken: 'refresh-2' }));
    const scope = fork();
    await allSettled(signedIn, { scope, params: tokens });
    await allSettled(walletQuery.start, { scope, params: undefined });
    expect(scope.getState(walletQuery.$data)).toEqual({ balance: 1 });
    expect(scope.getState($accessToken)).toBe('access-2');
  });

  test('auth expiry from the transport clears the session and exposes the message', async () => {
    vi.useFakeTimers();
    server.on('GET', '/api/wallet', () => fail(401, { service: 'http', code: 'UNAUTHORIZED', message: 'no' }));
    server.on('POST', '/api/auth/refresh-token', () => fail(401, { service: 'auth', code: 'INVALID', message: 'no' }));
    const scope = fork();
    await allSettled(signedIn, { scope, params: tokens });
    const settled = allSettled(walletQuery.start, { scope, params: undefined });
    await vi.runAllTimersAsync();
    await settled;
    vi.useRealTimers();

    expect(scope.getState($isAuthenticated)).toBe(false);
    expect(scope.getState($authExpiredMessage)).toBe('Authentication expired. Please log in again.');
    expect(localStorage).toHaveLength(0);
    expect(server.callsTo('POST', '/api/auth/refresh-token')).toHaveLength(1);

    await allSettled(authExpiredMessageShown, { scope });
    expect(scope.getState($authExpiredMessage)).toBeNull();
  });

  test("follows other tabs' storage events", async () => {
    const scope = fork();
    await allSettled(sessionStarted, { scope });
    expect(scope.getState($isAuthenticated)).toBe(false);

    localStorage.setItem('tgwallet.accessToken', 'from-other-tab');
    localStorage.setItem('tgwallet.refreshToken', 'r');
    window.dispatchEvent(new StorageEvent('storage', { key: 'tgwallet.accessToken' }));
    await allSettled(scope);
    expect(scope.getState($accessToken)).toBe('from-other-tab');

    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    await allSettled(scope);
    expect(scope.getState($isAuthenticated)).toBe(false);
  });

  test('tokens are not serialised with the scope', async () => {
    const { serialize } = await import('effector');
    const scope = fork();
    await allSettled(signedIn, { scope, params: tokens });
    expect(JSON.stringify(serialize(scope))).not.toContain('access-1');
  });
});
