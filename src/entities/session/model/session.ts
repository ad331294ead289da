/**
 * Session: whether the user is signed in, kept in sync with the token storage of `@/shared/api`
 * (localStorage is the source of truth; the transport reads it on every call).
 *
 * - `$accessToken` starts from storage at module load (no flash of "signed out" on reload) and is
 *   re-read on `sessionStarted`, after a transport refresh and when another tab changes the tokens.
 * - `signedIn(tokens)` stores both tokens; `signedOut()` clears them; `authExpired` (the transport gave
 *   up after a failed refresh; storage is already cleared) clears the store and sets `$authExpiredMessage`.
 * - Sign-in, sign-out and expiry reset every API query/mutation (`apiDataReset`) so one account's data
 *   is never shown to the next.
 * Tokens are never logged and never serialised with a scope (`serialize: 'ignore'`).
 */
import { createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import {
  apiDataReset,
  forgetPendingIntents,
  authExpired,
  tokenStorage,
  tokensRefreshed,
  TRANSPORT_MESSAGES,
  type SessionTokens,
} from '@/shared/api';
import type { AuthTokens } from '@/shared/contract';

/** App boot: re-read the tokens and follow changes made in other tabs. Safe to call twice. */
export const sessionStarted = createEvent();
/** A successful register / login / verify-code: store the tokens (AuthTokens contract; `user` is not stored). */
export const signedIn = createEvent<AuthTokens | SessionTokens>();
/** The user signed out: forget the tokens. */
export const signedOut = createEvent();
/** Re-exported from the transport: the session expired and was cleared. Payload: the 'auth-expired' ApiError. */
export { authExpired };
/** The app dismissed the expiry notice (toast shown, user on the sign-in screen). */
export const authExpiredMessageShown = createEvent();

const tokensChangedInAnotherTab = createEvent();

const readAccessTokenFx = createEffect(() => tokenStorage.getAccessToken());
const saveTokensFx = createEffect(({ accessToken, refreshToken }: SessionTokens) =>
  tokenStorage.save({ accessToken, refreshToken }),
);
const clearTokensFx = createEffect(() => {
  tokenStorage.clear();
  // Sign-out also forgets the pending Idempotency-Keys of money calls (docs/frontend-data.md).
  forgetPendingIntents();
});
const followOtherTabsFx = createEffect(() => {
  if (typeof window === 'undefined') return;
  const changed = scopeBind(tokensChangedInAnotherTab, { safe: true });
  window.addEventListener('storage', (event) => {
    if (tokenStorage.isTokenKey(event.key)) changed();
  });
});

export const $accessToken = createStore<string | null>(tokenStorage.getAccessToken(), { serialize: 'ignore' });
export const $isAuthenticated = $accessToken.map((token) => token !== null);
/** Boot has announced the session (`sessionStarted`): the API is configured and the tokens are read. */
export const $sessionStarted = createStore(false, { serialize: 'ignore' }).on(sessionStarted, () => true);
/** SPEC §4 "Authentication expired. Please log in again." while the notice should show, else null. */
export const $authExpiredMessage = createStore<string | null>(null);
const $followingOtherTabs = createStore(false, { serialize: 'ignore' });

// Boot and external changes: storage is the truth.
sample({ clock: sessionStarted, target: readAccessTokenFx });
sample({ clock: sessionStarted, filter: $followingOtherTabs.map((on) => !on), target: followOtherTabsFx });
$followingOtherTabs.on(followOtherTabsFx.done, () => true);
sample({ clock: [tokensRefreshed, tokensChangedInAnotherTab], target: readAccessTokenFx });
sample({
  clock: readAccessTokenFx.doneData,
  source: $accessToken,
  filter: (before, after) => before !== null && after === null,
  target: apiDataReset,
});
$accessToken.on(readAccessTokenFx.doneData, (_, token) => token);

// Sign-in.
$accessToken.on(signedIn, (_, tokens) => tokens.accessToken);
sample({ clock: signedIn, fn: ({ accessToken, refreshToken }) => ({ accessToken, refreshToken }), target: saveTokensFx });
sample({ clock: signedIn, target: apiDataReset });

// Sign-out and expiry.
// Not `.reset`: the initial value is the token read at page load, so a reset would restore it.
$accessToken.on([signedOut, authExpired], () => null);
sample({ clock: signedOut, target: [clearTokensFx, apiDataReset] });
sample({ clock: authExpired, target: apiDataReset });

$authExpiredMessage
  .on(authExpired, () => TRANSPORT_MESSAGES.authExpired)
  .reset(signedIn, authExpiredMessageShown);
