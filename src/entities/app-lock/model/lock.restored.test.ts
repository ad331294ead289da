// @vitest-environment happy-dom
import { allSettled, fork } from 'effector';
import { beforeAll, describe, expect, it } from 'vitest';

/** Page load with a stored session: with the device's hint the app starts LOCKED before any request; without one it locks once the server says so. */
describe('a session restored at page load', () => {
  let lock: typeof import('./lock');
  // The module reads storage when it loads: import it after the tokens are there (a slow first import on a busy machine).
  beforeAll(async () => {
    localStorage.setItem('tgwallet.accessToken', 'restored-access');
    localStorage.setItem('tgwallet.refreshToken', 'restored-refresh');
    lock = await import('./lock');
  }, 60_000);

  it('without a hint: not locked until the server answers, then locked (not merely "on")', async () => {
    const { $lockPhase, lockStatusLoaded } = lock;
    const scope = fork();
    expect(scope.getState($lockPhase)).toBe('off');
    await allSettled(lockStatusLoaded, { scope, params: { enabled: true, autoLockSeconds: 300 } });
    expect(scope.getState($lockPhase)).toBe('locked');
  });
});
