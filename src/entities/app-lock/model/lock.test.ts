// @vitest-environment happy-dom
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
  $stepUpPending,
  stepUpCancelled,
} = await import('./lock');
const { appLockRequired, appLockSettled } = await import('@/shared/api');

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

  it('the server has the last word: APP_LOCKED locks the app (even one that thought it had no lock), never a sign-out', async () => {
    const scope = fork();
    const settled: unknown[] = [];
    const unwatch = appLockSettled.watch((settle) => settled.push(settle));
    await allSettled(appLockRequired, { scope, params: 'unlock' });
    expect(scope.getState($lockPhase)).toBe('locked');
    await allSettled(unlocked, { scope });
    expect(scope.getState($lockPhase)).toBe('unlocked');
    expect(settled).toEqual([{ passed: true }]); // every waiting call: an unlock is a step-up too
    unwatch();
  });

  it('STEP_UP_REQUIRED shows the prompt over the screen; cancelled, the waiting call is let go', async () => {
    const scope = fork({ values: [[$lockPhase, 'unlocked']] });
    const settled: unknown[] = [];
    const unwatch = appLockSettled.watch((settle) => settled.push(settle));
    await allSettled(appLockRequired, { scope, params: 'step-up' });
    expect(scope.getState($stepUpPending)).toBe(true);
    expect(scope.getState($lockPhase)).toBe('unlocked');
    await allSettled(stepUpCancelled, { scope });
    expect(scope.getState($stepUpPending)).toBe(false);
    expect(settled).toEqual([{ requirement: 'step-up', passed: false }]);
    unwatch();
  });
});
