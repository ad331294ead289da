/**
 * Sign-out (SPEC §1, §8): forget both tokens, reset API data, go to "/", and end the session on the server
 * (POST /api/auth/logout with the refresh token: its refresh and access tokens are refused from then on).
 * - The browser forgets the tokens FIRST, then the server is asked (in the background, awaited by allSettled in
 *   tests): a call of the page that met the just-revoked session would otherwise "expire" the session and send
 *   the user to /signin with "Authentication expired" instead of to "/".
 * - The server call is best effort: if it fails (offline, timeout after 5 s, server error) the browser stays
 *   signed out and no error is shown (the tokens are gone from this device; the session then lapses on the
 *   server when its refresh token expires).
 * - "Failed to sign out. Please try again." is shown only when the tokens cannot be removed from this browser
 *   (storage failure): the user then stays signed in, and the server is not asked.
 * - The button asks first ("Sign out?", `signOutRequested` → `signOutConfirmation`: Telegram's popup inside Telegram,
 *   the in-app dialog elsewhere); the app's own sign-outs (the app lock's last wrong try) call `signOutFx` directly.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { request, tokenStorage } from '@/shared/api';
import { authLogout } from '@/shared/contract';
import { sessionStarted, signedOut } from '@/entities/session';
import { routePaths } from '@/shared/config';
import { i18n } from '@/shared/i18n';
import { createConfirmation, navigateFx } from '@/shared/lib';
import { haptic } from '@/shared/platform';
import { notify } from '@/shared/ui';
import { signOutTexts } from '../i18n/texts';

const SIGN_OUT_FAILED_KEY = 'errors:auth.signOutFailed';

/** How long the server call of a sign-out may take before it is given up. */
const SIGN_OUT_SERVER_TIMEOUT_MS = 5000;

const endSessionOnServerFx = createEffect(async (refreshToken: string) => {
  const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(SIGN_OUT_SERVER_TIMEOUT_MS) : undefined;
  try {
    await request(authLogout, { body: { refreshToken } }, signal ? { signal } : {});
  } catch {
    // Best effort (see above).
  }
});

/** Run it and await it; resolves once signed out in this browser, rejects (after the error toast) on failure. */
export const signOutFx = createEffect((): { refreshToken: string | null } => {
  const refreshToken = tokenStorage.getRefreshToken();
  tokenStorage.clear();
  if (tokenStorage.getAccessToken() !== null || tokenStorage.getRefreshToken() !== null) {
    throw new Error('The session tokens could not be removed from storage');
  }
  return { refreshToken };
});

/** The user pressed "Sign out": asked first, signed out only on yes. */
export const signOutRequested = createEvent();
export const signOutConfirmation = createConfirmation<void>({
  texts: () => ({
    title: i18n.t(`${signOutTexts.ns}:signOut.confirmTitle`),
    message: i18n.t(`${signOutTexts.ns}:signOut.confirmMessage`),
    confirm: i18n.t(`${signOutTexts.ns}:signOut.action`),
    cancel: i18n.t('common:actions.cancel'),
    destructive: true,
  }),
});
sample({ clock: signOutRequested, filter: signOutFx.pending.map((pending) => !pending), target: signOutConfirmation.requested });
sample({ clock: signOutConfirmation.confirmed, filter: signOutFx.pending.map((pending) => !pending), target: signOutFx });

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
// Signed out: the Welcome screen, in place of the current one.
sample({ clock: signOutFx.done, fn: () => ({ to: routePaths.welcome, replace: true }), target: navigateFx });
sample({
  clock: signOutFx.doneData,
  filter: ({ refreshToken }) => refreshToken !== null,
  fn: ({ refreshToken }) => refreshToken!,
  target: endSessionOnServerFx,
});
// entities/session resets $accessToken to its initial value, which is the token read at page load for a
// restored session; re-reading the (now empty) storage makes the sign-out stick in that case too.
sample({ clock: signOutFx.done, target: sessionStarted });
sample({ clock: signOutFx.done, fn: () => 'success' as const, target: hapticFx });
sample({ clock: signOutFx.fail, target: failedToastFx });
sample({ clock: signOutFx.fail, fn: () => 'error' as const, target: hapticFx });
