import { allSettled, fork } from 'effector';
import { beforeAll, describe, expect, test } from 'vitest';

/**
 * A session restored at page load (tokens already in storage when the modules load) must be signed out
 * for real: `$accessToken` starts from the stored token, so "reset to the initial value" is not enough.
 */
describe('sign-out of a session restored at page load', () => {
  let session: typeof import('@/entities/session');
  let signOut: typeof import('./sign-out');
  // The modules load after the tokens are stored, as at a page load. Loading them is set-up, not the behaviour under
  // test: it takes seconds on a busy machine (the session entity's whole module graph, transformed on first use).
  beforeAll(async () => {
    localStorage.setItem('tgwallet.accessToken', 'restored-access');
    localStorage.setItem('tgwallet.refreshToken', 'restored-refresh');
    session = await import('@/entities/session');
    signOut = await import('./sign-out');
  }, 30_000);

  test('signs out: no tokens and not authenticated', async () => {
    const scope = fork();
    expect(scope.getState(session.$isAuthenticated)).toBe(true);
    await allSettled(signOut.signOutFx, { scope });
    expect(localStorage.getItem('tgwallet.accessToken')).toBeNull();
    expect(scope.getState(session.$isAuthenticated)).toBe(false);
  });
});
