/**
 * Sign-out (SPEC §1, §8): forget both tokens (SPEC §7 has no server call), reset API data, go to "/".
 * If the tokens cannot be removed (storage failure), the user stays signed in and sees
 * "Failed to sign out. Please try again."
 */
import { createEffect, createStore, sample } from 'effector';
import { tokenStorage } from '@/shared/api';
import { sessionStarted, signedOut } from '@/entities/session';
import { i18n } from '@/shared/i18n';
import { haptic } from '@/shared/platform';
import { notify } from '@/shared/ui';

export const SIGN_OUT_FAILED_KEY = 'errors:auth.signOutFailed';

/** Run it and await it; resolves once signed out, rejects (after the error toast) on failure. */
export const signOutFx = createEffect(() => {
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
