// @vitest-environment happy-dom
import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $appLocked, $lockPhase, lockStatusLoaded, unlocked } from '@/entities/app-lock';

const platform = vi.hoisted(() => ({ background: new Set<() => void>() }));
vi.mock('@/shared/platform', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/platform')>()),
  onAppActivity: ({ onBackground }: { onBackground: () => void }) => {
    platform.background.add(onBackground);
    return () => platform.background.delete(onBackground);
  },
}));

const { activityDetected, appBackgrounded, lockWatchStarted } = await import('./activity');
const { lockRequested } = await import('@/entities/app-lock');

const ON_60 = { enabled: true, autoLockSeconds: 60 };

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('when the app locks itself', () => {
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

  it('never locks by itself while the lock is off', async () => {
    const scope = fork();
    await allSettled(lockStatusLoaded, { scope, params: { enabled: false, autoLockSeconds: 60 } });
    await allSettled(appBackgrounded, { scope });
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(scope.getState($appLocked)).toBe(false);
    expect(scope.getState($lockPhase)).toBe('off');
  });
});
