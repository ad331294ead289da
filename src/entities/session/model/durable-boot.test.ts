// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

/**
 * The device's store as a phone's keychain can be: slow. Its reads answer only when the test releases them, and every
 * read and write is recorded.
 */
const store = vi.hoisted(() => {
  const calls: Array<{ op: 'get' | 'set'; key: string; value?: string | null }> = [];
  let release: (value: string | null) => void = () => undefined;
  let answer = new Promise<string | null>((resolve) => (release = resolve));
  return {
    calls,
    release: (value: string | null) => release(value),
    reset() {
      calls.length = 0;
      answer = new Promise<string | null>((resolve) => (release = resolve));
    },
    secure: {
      kind: 'secure' as const,
      getItem: async (key: string) => {
        calls.push({ op: 'get', key });
        return { ok: true as const, value: await answer };
      },
      setItem: async (key: string, value: string | null) => {
        calls.push({ op: 'set', key, value });
        return { ok: true as const, value: undefined };
      },
    },
  };
});

vi.mock('@/shared/platform', async (original) => ({
  ...(await original<typeof import('@/shared/platform')>()),
  secureStorage: store.secure,
  isDeviceStoreSupported: (kind: string) => kind === 'secure',
}));

const { startDurableSession } = await import('./durable-boot');
const { signedOut } = await import('./session');

/** Whether what boot awaits settles within a few tasks (the store has not answered by then). */
const settlesAtOnce = async (awaited: unknown): Promise<boolean> =>
  Promise.race([Promise.resolve(awaited).then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 50))]);

beforeEach(() => {
  localStorage.clear();
  store.reset();
});
afterEach(() => store.release(null));

describe('startDurableSession (boot, 9.0+)', () => {
  test('with a session in localStorage the first screen does not wait for the store; the copy is then brought up to date', async () => {
    localStorage.setItem('tgwallet.accessToken', 'access-1');
    localStorage.setItem('tgwallet.refreshToken', 'refresh-1');
    expect(await settlesAtOnce(startDurableSession())).toBe(true);
    await vi.waitFor(() => expect(store.calls).toContainEqual({ op: 'get', key: 'tgwallet_refreshToken' }));
    store.release('refresh-0');
    await vi.waitFor(() => expect(store.calls).toContainEqual({ op: 'set', key: 'tgwallet_refreshToken', value: 'refresh-1' }));
  });

  test('a sign-out while the store was still being read clears the copy, and the session is not restored from it', async () => {
    localStorage.setItem('tgwallet.accessToken', 'access-1');
    localStorage.setItem('tgwallet.refreshToken', 'refresh-1');
    await startDurableSession();
    await vi.waitFor(() => expect(store.calls).toContainEqual({ op: 'get', key: 'tgwallet_refreshToken' }));
    signedOut();
    expect(localStorage.getItem('tgwallet.refreshToken')).toBeNull();
    store.release('refresh-1');
    await vi.waitFor(() => expect(store.calls).toContainEqual({ op: 'set', key: 'tgwallet_refreshToken', value: null }));
    expect(localStorage.getItem('tgwallet.refreshToken')).toBeNull();
    expect(localStorage.getItem('tgwallet.accessToken')).toBeNull();
  });

  test('without a session in localStorage the first screen waits for the store (a session kept there comes back first)', async () => {
    const started = startDurableSession();
    expect(started).not.toBe(false);
    expect(await settlesAtOnce(started)).toBe(false);
    store.release(null);
    await started;
    expect(store.calls).toEqual([{ op: 'get', key: 'tgwallet_refreshToken' }]);
  });
});
