// @vitest-environment happy-dom
import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { $authExpiredMessage, $isAuthenticated, signedIn } from '@/entities/session';
import { apiDataReset, configureApi, createApiQuery } from '@/shared/api';
import { createFakeServer, fail, ok, testWallet } from '@/shared/api/index.testing';
import { navigateFx, type NavigateTo } from '@/shared/lib';
import { $signOutError, signOutConfirmation, signOutFx, signOutRequested } from './sign-out';

const server = createFakeServer();
const walletQuery = createApiQuery(testWallet, { name: 'sign-out-test.wallet' });
const TOKENS = { accessToken: 'access-1', refreshToken: 'refresh-1', user: { id: 'u1', name: 'Ann' } };

beforeEach(async () => {
  server.reset();
  localStorage.clear();
  vi.stubGlobal('fetch', server.fetch);
  configureApi({ baseUrl: '', getInitData: () => undefined });
  await allSettled(apiDataReset, { scope: fork() });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('sign-out', () => {
  test('the button asks first: "Sign out?" in the app (outside Telegram); only yes signs out, cancel keeps the session', async () => {
    server.on('POST', '/api/auth/logout', () => ok({ signedOut: true }));
    const scope = fork({ handlers: [[signOutConfirmation.askFx, async () => 'dialog' as const]] });
    await allSettled(signedIn, { scope, params: TOKENS });
    await allSettled(signOutRequested, { scope });
    expect(scope.getState($isAuthenticated)).toBe(true);
    expect(scope.getState(signOutConfirmation.$dialog)).not.toBeNull();
    await allSettled(signOutConfirmation.dialogCancelled, { scope });
    expect(scope.getState($isAuthenticated)).toBe(true);
    expect(localStorage.getItem('tgwallet.refreshToken')).toBe('refresh-1');
    await allSettled(signOutRequested, { scope });
    await allSettled(signOutConfirmation.dialogConfirmed, { scope });
    expect(scope.getState($isAuthenticated)).toBe(false);
    expect(server.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
  });

  test('inside Telegram its popup asks; "Cancel" there keeps the session', async () => {
    const scope = fork({ handlers: [[signOutConfirmation.askFx, async () => 'cancelled' as const]] });
    await allSettled(signedIn, { scope, params: TOKENS });
    await allSettled(signOutRequested, { scope });
    expect(scope.getState($isAuthenticated)).toBe(true);
    expect(scope.getState(signOutConfirmation.$dialog)).toBeNull();
  });

  test('forgets both tokens and every loaded data', async () => {
    server.on('GET', '/api/wallet', () => ok({ balance: 5 }));
    const scope = fork();
    await allSettled(signedIn, { scope, params: TOKENS });
    await allSettled(walletQuery.start, { scope, params: undefined });
    expect(scope.getState(walletQuery.$data)).toEqual({ balance: 5 });

    await allSettled(signOutFx, { scope });
    expect(scope.getState($isAuthenticated)).toBe(false);
    expect(localStorage.getItem('tgwallet.accessToken')).toBeNull();
    expect(localStorage.getItem('tgwallet.refreshToken')).toBeNull();
    expect(scope.getState(walletQuery.$data)).toBeNull();
    expect(scope.getState($signOutError)).toBeNull();
  });

  test('ends the session on the server: POST /api/auth/logout with the refresh token, then forgets the tokens', async () => {
    server.on('POST', '/api/auth/logout', () => ok({ signedOut: true }));
    const scope = fork();
    await allSettled(signedIn, { scope, params: TOKENS });
    await allSettled(signOutFx, { scope });
    const calls = server.callsTo('POST', '/api/auth/logout');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(calls[0]?.url).not.toContain('refresh-1');
    expect(localStorage.getItem('tgwallet.refreshToken')).toBeNull();
    expect(scope.getState($isAuthenticated)).toBe(false);
  });

  test('forgets the tokens BEFORE asking the server: no call of this page can meet the revoked session and "expire"', async () => {
    let storedDuringLogout: string | null = 'unset';
    server.on('POST', '/api/auth/logout', () => {
      storedDuringLogout = localStorage.getItem('tgwallet.refreshToken');
      return ok({ signedOut: true });
    });
    const scope = fork();
    await allSettled(signedIn, { scope, params: TOKENS });
    await allSettled(signOutFx, { scope });
    expect(server.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(storedDuringLogout).toBeNull();
    expect(scope.getState($authExpiredMessage)).toBeNull();
  });

  test.each([
    ['the network fails', () => 'network-error' as const],
    ['the server fails', () => fail(500, { service: 'api', code: 'INTERNAL', message: 'boom' })],
  ])('best effort: when %s, the browser is still signed out and no error is shown', async (_label, reply) => {
    server.on('POST', '/api/auth/logout', reply);
    const scope = fork();
    await allSettled(signedIn, { scope, params: TOKENS });
    const result = await allSettled(signOutFx, { scope });
    expect(result.status).toBe('done');
    expect(server.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(localStorage.getItem('tgwallet.accessToken')).toBeNull();
    expect(localStorage.getItem('tgwallet.refreshToken')).toBeNull();
    expect(scope.getState($isAuthenticated)).toBe(false);
    expect(scope.getState($signOutError)).toBeNull();
  });

  test('when storage refuses to forget the tokens: "Failed to sign out. Please try again." and still signed in', async () => {
    const scope = fork();
    await allSettled(signedIn, { scope, params: TOKENS });
    // A storage that keeps what it holds and refuses to forget (read-only, or disabled mid-session).
    const stored = localStorage;
    const refuse = () => {
      throw new Error('storage is read-only');
    };
    const readOnly: Storage = {
      get length() {
        return stored.length;
      },
      key: (index) => stored.key(index),
      getItem: (key) => stored.getItem(key),
      setItem: (key, value) => stored.setItem(key, value),
      removeItem: refuse,
      clear: refuse,
    };
    vi.stubGlobal('localStorage', readOnly);
    const result = await allSettled(signOutFx, { scope });
    expect(result.status).toBe('fail');
    expect(scope.getState($signOutError)).toBe('errors:auth.signOutFailed');
    expect(scope.getState($isAuthenticated)).toBe(true);
    expect(localStorage.getItem('tgwallet.accessToken')).toBe('access-1');

    vi.stubGlobal('localStorage', stored);
    await allSettled(signOutFx, { scope });
    expect(scope.getState($signOutError)).toBeNull();
    expect(scope.getState($isAuthenticated)).toBe(false);
  });

  test('signed out: the Welcome screen replaces the current one (navigateFx)', async () => {
    server.on('POST', '/api/auth/logout', () => ok({ signedOut: true }));
    const seen: NavigateTo[] = [];
    const scope = fork({ handlers: [[navigateFx, (to: NavigateTo) => void seen.push(to)]] });
    await allSettled(signedIn, { scope, params: TOKENS });
    await allSettled(signOutFx, { scope });
    expect(seen).toEqual([{ to: '/', replace: true }]);
  });
});
