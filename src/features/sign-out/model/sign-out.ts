/**
 * Sign-out (SPEC §1, §8): end the session on the server (POST /api/auth/logout with the refresh token: its
 * refresh and access tokens are refused from then on), forget both tokens, reset API data, go to "/".
 * - The server call is best effort: if it fails (offline, timeout after 5 s, server error) the browser is
 *   signed out all the same and no error is shown (the tokens are gone from this device; the session then
 *   lapses on the server when its refresh token expires).
 * - "Failed to sign out. Please try again." is shown only when the tokens cannot be removed from this browser
 *   (storage failure): the user then stays signed in, since the app would still be using them.
 */
import { createEffect, createStore, sample } from 'effector';
import { request, tokenStorage } from '@/shared/api';
import { authLogout } from '@/shared/contract';
import { sessionStarted, signedOut } from '@/entities/session';
import { i18n } from '@/shared/i18n';
import { haptic } from '@/shared/platform';
import { notify } from '@/shared/ui';

export const SIGN_OUT_FAILED_KEY = 'errors:auth.signOutFailed';

/** How long sign-out waits for the server before signing the browser out anyway. */
export const SIGN_OUT_SERVER_TIMEOUT_MS = 5000;

async function endSessionOnServer(refreshToken: string): Promise<void> {
  const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(SIGN_OUT_SERVER_TIMEOUT_MS) : undefined;
  try {
    await request(authLogout, { body: { refreshToken } }, signal ? { signal } : {});
  } catch {
    // Best effort (see above).
  }
}

/** Run it and await it; resolves once signed out, rejects (after the error toast) on failure. */
export const signOutFx = createEffect(async () => {
  const refreshToken = tokenStorage.getRefreshToken();
  if (refreshToken) await endSessionOnServer(refreshToken);
  tokenStorage.clear();
  if (tokenStorage.getAccessToken() !== null || tokenStorage.getRefreshToken() !== null) {
    throw new Error('The session tokens could not be removed from storage');
  }
});

export const $signingOut = signOutFx.pending;
/** SPEC §8 message key while the last attempt failed. */
export const $signOutError = createStore<string | null>(null)
  .on(signOutFx.fail, () => SIGN_OUT_FAILED_KEY)
  .reset(signOutFx);

const failedToastFx = createEffect(() => {
  void notify.error(i18n.t(SIGN_OUT_FAILED_KEY));
});
const hapticFx = createEffect((type: 'success' | 'error') => haptic.notification(type));

sample({ clock: signOutFx.done, target: signedOut });
// entities/session resets $accessToken to its initial value, which is the token read at page load for a
// restored session; re-reading the (now empty) storage makes the sign-out stick in that case too.
sample({ clock: signOutFx.done, target: sessionStarted });
sample({ clock: signOutFx.done, fn: () => 'success' as const, target: hapticFx });
sample({ clock: signOutFx.fail, target: failedToastFx });
sample({ clock: signOutFx.fail, fn: () => 'error' as const, target: hapticFx });
