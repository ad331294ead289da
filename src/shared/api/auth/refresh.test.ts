// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { TransportEvents } from './events';
import type { SessionTokens } from './tokens';

/**
 * Two tabs whose access tokens expire together must not both refresh with the same refresh token (the server
 * would see the second as a reuse). Each tab is a separate instance of the module (vi.resetModules); they share
 * localStorage and the browser's Web Locks, as real tabs do.
 */

type RefreshModule = typeof import('./refresh');

async function openTab(): Promise<RefreshModule> {
  vi.resetModules();
  return import('./refresh');
}

/** A minimal LockManager: exclusive locks by name, granted in request order (as in browsers). */
function fakeLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, ...args: unknown[]): Promise<T> {
      const callback = args[args.length - 1] as () => Promise<T>;
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(() => callback());
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

const events = (): TransportEvents => ({ authExpired: vi.fn(), tokensRefreshed: vi.fn(), appLockRequired: vi.fn() });

function fakeRefreshEndpoint() {
  const calls: string[] = [];
  const release: Array<() => void> = [];
  const endpoint = (refreshToken: string): Promise<SessionTokens> => {
    calls.push(refreshToken);
    const n = calls.length + 1;
    return new Promise((resolve) => {
      release.push(() => resolve({ accessToken: `access-${n}`, refreshToken: `refresh-${n}` }));
    });
  };
  return { calls, endpoint, releaseAll: () => release.splice(0).forEach((fn) => fn()) };
}

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('tgwallet.accessToken', 'access-1');
  localStorage.setItem('tgwallet.refreshToken', 'refresh-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('refresh across tabs', () => {
  test('with Web Locks: two tabs refreshing at once make ONE refresh call and both use its tokens', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: fakeLocks() });
    const tabA = await openTab();
    const tabB = await openTab();
    const server = fakeRefreshEndpoint();

    const a = tabA.renewAccessToken('access-1', server.endpoint, events());
    const b = tabB.renewAccessToken('access-1', server.endpoint, events());
    await flush();
    expect(server.calls).toEqual(['refresh-1']);
    server.releaseAll();

    expect(await a).toBe('access-2');
    expect(await b).toBe('access-2');
    expect(server.calls).toEqual(['refresh-1']);
    expect(localStorage.getItem('tgwallet.refreshToken')).toBe('refresh-2');
  });

  test('the tab that waited re-reads storage: if the other tab signed out meanwhile, the session ends without a call', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: fakeLocks() });
    const tabA = await openTab();
    const tabB = await openTab();
    const server = {
      calls: 0,
      endpoint: async (): Promise<SessionTokens> => {
        server.calls++;
        await flush();
        localStorage.clear(); // e.g. the refresh failed there and that tab cleared the session
        throw new Error('refresh refused');
      },
    };
    const eventsB = events();
    const a = tabA.renewAccessToken('access-1', server.endpoint, events());
    const b = tabB.renewAccessToken('access-1', server.endpoint, eventsB);
    await expect(a).rejects.toMatchObject({ kind: 'auth-expired' });
    await expect(b).rejects.toMatchObject({ kind: 'auth-expired' });
    expect(server.calls).toBe(1);
  });

  test('without Web Locks (fallback): each tab still renews, re-reading storage first', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined });
    const tabA = await openTab();
    const server = fakeRefreshEndpoint();
    const a = tabA.renewAccessToken('access-1', server.endpoint, events());
    await flush();
    server.releaseAll();
    expect(await a).toBe('access-2');

    // A second tab whose call was rejected with the old token finds the new one stored: no second refresh.
    const tabB = await openTab();
    expect(await tabB.renewAccessToken('access-1', server.endpoint, events())).toBe('access-2');
    expect(server.calls).toEqual(['refresh-1']);
  });

  test('a Web Locks failure before the task runs falls back to refreshing without the lock', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: { request: () => Promise.reject(new DOMException('no locks here', 'SecurityError')) } });
    const tab = await openTab();
    const server = fakeRefreshEndpoint();
    const renewed = tab.renewAccessToken('access-1', server.endpoint, events());
    await flush();
    server.releaseAll();
    expect(await renewed).toBe('access-2');
    expect(server.calls).toEqual(['refresh-1']);
  });
});
