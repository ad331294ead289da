// @vitest-environment jsdom
import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const platform = vi.hoisted(() => ({ background: new Set<() => void>() }));
vi.mock('@/shared/platform', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/platform')>()),
  onAppActivity: ({ onBackground }: { onBackground: () => void }) => {
    platform.background.add(onBackground);
    return () => platform.background.delete(onBackground);
  },
}));

const {
  $appLocked,
  $lockPhase,
  $lockSettings,
  activityDetected,
  appBackgrounded,
  lockRequested,
  lockReset,
  lockStatusLoaded,
  lockWatchStarted,
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
  it('locks after the inactivity time; activity restarts the count (fake clock)', async () => {
    const scope = fork();
    await allSettled(lockStatusLoaded, { scope, params: ON_60 });
    expect(scope.getState($lockPhase)).toBe('unlocked');
    await vi.advanceTimersByTimeAsync(59_000);
    expect(scope.getState($appLocked)).toBe(false);
    await allSettled(activityDetected, { scope });
    await vi.advanceTimersByTimeAsync(59_000);
    expect(scope.getState($appLocked)).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(scope.getState($appLocked)).toBe(true);
    // Locked: activity does not unlock, and no timer runs.
    await allSettled(activityDetected, { scope });
    expect(vi.getTimerCount()).toBe(0);
    expect(scope.getState($appLocked)).toBe(true);
    await allSettled(unlocked, { scope });
    expect(scope.getState($lockPhase)).toBe('unlocked');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(scope.getState($appLocked)).toBe(true);
  });

  it('follows the chosen time: 15 minutes', async () => {
    const scope = fork();
    await allSettled(lockStatusLoaded, { scope, params: { enabled: true, autoLockSeconds: 900 } });
    await vi.advanceTimersByTimeAsync(899_000);
    expect(scope.getState($appLocked)).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(scope.getState($appLocked)).toBe(true);
  });

  it('locks when the app goes to the background (the platform signal), and on "Lock now"', async () => {
    const scope = fork();
    await allSettled(lockWatchStarted, { scope });
    expect(platform.background.size).toBe(1);
    await allSettled(lockStatusLoaded, { scope, params: ON_60 });
    for (const listener of platform.background) listener();
    await allSettled(scope);
    expect(scope.getState($appLocked)).toBe(true);
    await allSettled(unlocked, { scope });
    await allSettled(lockRequested, { scope });
    expect(scope.getState($appLocked)).toBe(true);
  });

  it('never locks with the lock off, and a lock turned off unlocks', async () => {
    const scope = fork({ values: [[$lockPhase, 'locked']] });
    await allSettled(lockStatusLoaded, { scope, params: { enabled: false, autoLockSeconds: 300 } });
    expect(scope.getState($lockPhase)).toBe('off');
    await allSettled(appBackgrounded, { scope });
    await vi.advanceTimersByTimeAsync(3_600_000);
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
