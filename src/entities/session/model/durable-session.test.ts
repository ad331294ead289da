// @vitest-environment happy-dom
import { allSettled, fork } from 'effector';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { BridgeResult, DeviceStore } from '@/shared/platform';
import {
  $durableStore,
  DURABLE_REFRESH_TOKEN_KEY,
  readLocalRefreshTokenFx,
  refreshWithTokenFx,
  restoreDurableSessionFx,
  selectDurableStore,
  selectDurableStoreFx,
  syncDurableSessionFx,
  writeDurableTokenFx,
} from './durable-session';
import { $accessToken, signedIn, signedOut } from './session';

beforeEach(() => localStorage.clear());

function fakeStore(kind: 'secure' | 'device', answer: BridgeResult<string | null>): DeviceStore & { reads: string[] } {
  const reads: string[] = [];
  return {
    kind,
    reads,
    getItem: async (key: string) => {
      reads.push(key);
      return answer;
    },
    setItem: async () => ({ ok: true, value: undefined }),
  };
}
const unsupported: BridgeResult<never> = { ok: false, error: { kind: 'unsupported', messageKey: 'platform:errors.unsupported' } };
const failed: BridgeResult<never> = { ok: false, error: { kind: 'failed', messageKey: 'platform:errors.failed' } };

describe('selectDurableStore', () => {
  test('before 9.0 nothing is asked and nothing is chosen', async () => {
    const secure = fakeStore('secure', { ok: true, value: 'r' });
    const device = fakeStore('device', { ok: true, value: 'r' });
    expect(await selectDurableStore({ secure, device, isSupported: () => false })).toEqual({ kind: 'none', refreshToken: null });
    expect(secure.reads).toEqual([]);
    expect(device.reads).toEqual([]);
  });

  test('9.0+: SecureStorage first, with the token it holds', async () => {
    const secure = fakeStore('secure', { ok: true, value: 'refresh-1' });
    const device = fakeStore('device', { ok: true, value: 'other' });
    expect(await selectDurableStore({ secure, device, isSupported: () => true })).toEqual({ kind: 'secure', refreshToken: 'refresh-1' });
    expect(secure.reads).toEqual([DURABLE_REFRESH_TOKEN_KEY]);
    expect(device.reads).toEqual([]);
  });

  test('a device without secure storage falls back to DeviceStorage', async () => {
    const secure = fakeStore('secure', unsupported);
    const device = fakeStore('device', { ok: true, value: null });
    expect(await selectDurableStore({ secure, device, isSupported: () => true })).toEqual({ kind: 'device', refreshToken: null });
  });

  test('a failing secure storage (not "unsupported") is not silently replaced by the plain one', async () => {
    const secure = fakeStore('secure', failed);
    const device = fakeStore('device', { ok: true, value: 'r' });
    expect(await selectDurableStore({ secure, device, isSupported: () => true })).toEqual({ kind: 'none', refreshToken: null });
  });
});

describe('restoreDurableSessionFx', () => {
  function setup(options: { kind: 'secure' | 'device' | 'none'; kept: string | null; local: string | null; refresh?: () => Promise<{ accessToken: string; refreshToken: string }> }) {
    const writes: unknown[] = [];
    const scope = fork({
      handlers: [
        [selectDurableStoreFx, async () => ({ kind: options.kind, refreshToken: options.kept })],
        [readLocalRefreshTokenFx, () => options.local],
        [writeDurableTokenFx, (params: unknown) => void writes.push(params)],
        [refreshWithTokenFx, options.refresh ?? (async () => ({ accessToken: 'access-2', refreshToken: 'refresh-2' }))],
      ],
    });
    return { scope, writes };
  }

  test('restores the session from the kept refresh token when localStorage is empty', async () => {
    const refresh = vi.fn(async () => ({ accessToken: 'access-2', refreshToken: 'refresh-2' }));
    const { scope, writes } = setup({ kind: 'secure', kept: 'refresh-1', local: null, refresh });
    const { status, value } = await allSettled(restoreDurableSessionFx, { scope });
    expect(status).toBe('done');
    expect(value).toBe('restored');
    expect(refresh).toHaveBeenCalledWith('refresh-1');
    expect(scope.getState($accessToken)).toBe('access-2');
    expect(localStorage.getItem('tgwallet.refreshToken')).toBe('refresh-2');
    expect(scope.getState($durableStore)).toBe('secure');
    expect(writes).toEqual([{ kind: 'secure', refreshToken: 'refresh-2' }]); // the rotated token replaces the old copy
  });

  test('a refused token is removed from the store and the user stays signed out', async () => {
    const { scope, writes } = setup({ kind: 'device', kept: 'stale', local: null, refresh: () => Promise.reject(new Error('401')) });
    const { value } = await allSettled(restoreDurableSessionFx, { scope });
    expect(value).toBe('refused');
    expect(writes).toEqual([{ kind: 'device', refreshToken: null }]);
    expect(scope.getState($accessToken)).toBeNull();
  });

  test('with tokens in localStorage nothing is refreshed; the copy is brought up to date', async () => {
    const refresh = vi.fn();
    const { scope, writes } = setup({ kind: 'secure', kept: 'old', local: 'current', refresh });
    expect((await allSettled(restoreDurableSessionFx, { scope })).value).toBe('kept');
    expect(refresh).not.toHaveBeenCalled();
    expect(writes).toEqual([{ kind: 'secure', refreshToken: 'current' }]);
  });

  test('before 9.0 (no store) it does nothing', async () => {
    const refresh = vi.fn();
    const { scope, writes } = setup({ kind: 'none', kept: null, local: null, refresh });
    expect((await allSettled(restoreDurableSessionFx, { scope })).value).toBe('unavailable');
    expect(refresh).not.toHaveBeenCalled();
    expect(writes).toEqual([]);
  });

  test('sign-in writes the refresh token to the chosen store; sign-out clears it', async () => {
    const { scope, writes } = setup({ kind: 'secure', kept: null, local: null });
    await allSettled(restoreDurableSessionFx, { scope });
    await allSettled(signedIn, { scope, params: { accessToken: 'a', refreshToken: 'r' } });
    await allSettled(signedOut, { scope });
    expect(writes).toEqual([
      { kind: 'secure', refreshToken: 'r' },
      { kind: 'secure', refreshToken: null },
    ]);
  });

  test('without a store sign-in writes nothing beyond localStorage', async () => {
    const { scope, writes } = setup({ kind: 'none', kept: null, local: null });
    await allSettled(restoreDurableSessionFx, { scope });
    await allSettled(signedIn, { scope, params: { accessToken: 'a', refreshToken: 'r' } });
    expect(writes).toEqual([]);
  });

  describe('syncDurableSessionFx (boot with a session in localStorage, not waited for)', () => {
    test('brings the copy up to date and never refreshes', async () => {
      const refresh = vi.fn();
      const { scope, writes } = setup({ kind: 'secure', kept: 'old', local: 'current', refresh });
      expect((await allSettled(syncDurableSessionFx, { scope })).value).toBe('kept');
      expect(refresh).not.toHaveBeenCalled();
      expect(writes).toEqual([{ kind: 'secure', refreshToken: 'current' }]);
      expect(scope.getState($durableStore)).toBe('secure');
    });

    test('a copy already current is not written again', async () => {
      const { scope, writes } = setup({ kind: 'device', kept: 'current', local: 'current' });
      expect((await allSettled(syncDurableSessionFx, { scope })).value).toBe('kept');
      expect(writes).toEqual([]);
    });

    test('signed out meanwhile: the copy is cleared, and the session is not restored from it', async () => {
      const refresh = vi.fn(async () => ({ accessToken: 'access-2', refreshToken: 'refresh-2' }));
      const { scope, writes } = setup({ kind: 'secure', kept: 'refresh-1', local: null, refresh });
      expect((await allSettled(syncDurableSessionFx, { scope })).value).toBe('cleared');
      expect(refresh).not.toHaveBeenCalled();
      expect(writes).toEqual([{ kind: 'secure', refreshToken: null }]);
      expect(scope.getState($accessToken)).toBeNull();
    });

    test('before 9.0 (no store) it does nothing', async () => {
      const { scope, writes } = setup({ kind: 'none', kept: null, local: 'current' });
      expect((await allSettled(syncDurableSessionFx, { scope })).value).toBe('unavailable');
      expect(writes).toEqual([]);
    });
  });
});
