import { allSettled, fork } from 'effector';
import { beforeAll, describe, expect, test } from 'vitest';

/**
 * A session restored at page load (tokens already in storage when the modules load) must be signed out
 * for real: `$accessToken` starts from the stored token, so "reset to the initial value" is not enough.
 */
describe('sign-out of a session restored at page load', () => {
  beforeAll(() => {
    localStorage.setItem('tgwallet.accessToken', 'restored-access');
    localStorage.setItem('tgwallet.refreshToken', 'restored-refresh');
  });

  test('signs out: no tokens and not authenticated', async () => {
    const { $isAuthenticated } = await import('@/entities/session');
    const { signOutFx } = await import('./sign-out');
    const scope = fork();
    expect(scope.getState($isAuthenticated)).toBe(true);
    await allSettled(signOutFx, { scope });
    expect(localStorage.getItem('tgwallet.accessToken')).toBeNull();
    expect(scope.getState($isAuthenticated)).toBe(false);
  });
});
