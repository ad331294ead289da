// @vitest-environment jsdom
import { fork } from 'effector';
import { beforeAll, describe, expect, it } from 'vitest';

describe('a session restored at page load on a device that knows the account has a lock', () => {
  beforeAll(() => {
    localStorage.setItem('tgwallet.accessToken', 'restored-access');
    localStorage.setItem('tgwallet.appLock', JSON.stringify({ autoLockSeconds: 900 }));
  });

  it('starts locked, before any request, with the remembered inactivity time', async () => {
    const { $appLocked, $lockSettings } = await import('./lock');
    const scope = fork();
    expect(scope.getState($appLocked)).toBe(true);
    expect(scope.getState($lockSettings)).toEqual({ enabled: true, autoLockSeconds: 900 });
  });
});
