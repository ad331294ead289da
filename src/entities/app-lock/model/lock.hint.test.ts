// @vitest-environment happy-dom
import { fork } from 'effector';
import { beforeAll, describe, expect, it } from 'vitest';

describe('a session restored at page load on a device that knows the account has a lock', () => {
  let lock: typeof import('./lock');
  beforeAll(async () => {
    localStorage.setItem('tgwallet.accessToken', 'restored-access');
    localStorage.setItem('tgwallet.appLock', JSON.stringify({ autoLockSeconds: 900 }));
    lock = await import('./lock');
  }, 60_000);

  it('starts locked, before any request, with the remembered inactivity time', () => {
    const { $appLocked, $lockSettings } = lock;
    const scope = fork();
    expect(scope.getState($appLocked)).toBe(true);
    expect(scope.getState($lockSettings)).toEqual({ enabled: true, autoLockSeconds: 900 });
  });
});
