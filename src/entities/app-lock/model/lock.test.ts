// @vitest-environment jsdom
import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const {
  $appLocked,
  $lockPhase,
  $lockSettings,
  lockRequested,
  lockReset,
  lockStatusLoaded,
  signedInFresh,
  unlocked,
  LOCK_HINT_KEY,
} = await import('./lock');

const ON_60 = { enabled: true, autoLockSeconds: 60 };

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('app lock state', () => {
  it('"Lock now" locks an unlocked app; unlock opens it', async () => {
    const scope = fork();
    await allSettled(lockStatusLoaded, { scope, params: ON_60 });
    expect(scope.getState($lockPhase)).toBe('unlocked');
    await allSettled(lockRequested, { scope });
    expect(scope.getState($appLocked)).toBe(true);
    await allSettled(unlocked, { scope });
    expect(scope.getState($appLocked)).toBe(false);
  });

  it('never locks with the lock off, and a lock turned off unlocks', async () => {
    const scope = fork({ values: [[$lockPhase, 'locked']] });
    await allSettled(lockStatusLoaded, { scope, params: { enabled: false, autoLockSeconds: 300 } });
    expect(scope.getState($lockPhase)).toBe('off');
    await allSettled(lockRequested, { scope });
    expect(scope.getState($appLocked)).toBe(false);
    expect(localStorage.getItem(LOCK_HINT_KEY)).toBeNull();
  });

  it('keeps a hint of the inactivity time (no secret) and forgets it on sign-out', async () => {
    const scope = fork();
    await allSettled(lockStatusLoaded, { scope, params: ON_60 });
    expect(JSON.parse(localStorage.getItem(LOCK_HINT_KEY)!)).toEqual({ autoLockSeconds: 60 });
    await allSettled(lockReset, { scope });
    expect(localStorage.getItem(LOCK_HINT_KEY)).toBeNull();
    expect(scope.getState($lockPhase)).toBe('off');
    expect(scope.getState($lockSettings).enabled).toBe(false);
  });

  it('a sign-in that just proved the account starts unlocked', async () => {
    const scope = fork({ values: [[$lockPhase, 'locked'], [$lockSettings, ON_60]] });
    await allSettled(signedInFresh, { scope });
    expect(scope.getState($lockPhase)).toBe('unlocked');
    const off = fork();
    await allSettled(signedInFresh, { scope: off });
    expect(off.getState($lockPhase)).toBe('off');
  });
});
