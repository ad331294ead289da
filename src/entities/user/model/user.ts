/**
 * The signed-in user (GET /api/users/me): profile, verification state (SPEC §1), linked Telegram account.
 *
 * - `meQuery` is cached like every query (fresh 5 min). `UserGate` (or `userRequested`) starts it.
 * - `userRefreshRequested` bypasses the cache (the "Refresh" of the verification screen): a one-off
 *   call whose answer replaces the cached profile (farfetched `update` with a refetch).
 * - Sign-in / sign-out reset it with all API data (`apiDataReset` of the session).
 */
import { update } from '@farfetched/core';
import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { createApiMutation, createApiQuery, isApiError, queryState, toErrorMessage, type ErrorMessage } from '@/shared/api';
import { usersMe, type VerificationStatus } from '@/shared/contract';

export const meQuery = createApiQuery(usersMe);
const meRefresh = createApiMutation(usersMe, { name: 'users.me.refresh' });

/** Mount to load the user (cached): `useGate(UserGate)`. */
export const UserGate = createGate({ name: 'UserGate' });
export const userRequested = createEvent();
/** Ask the server again now, ignoring the cache. */
export const userRefreshRequested = createEvent();

export const $user = meQuery.$data;
export const $verificationStatus = $user.map<VerificationStatus | null>((user) => user?.verificationStatus ?? null);
export const $userState = queryState(meQuery);
export const $userRefreshing = meRefresh.$pending;

/**
 * SPEC §8 "Failed to get user"; a rejected session (401 that could not be refreshed) is "Session invalid".
 */
const userErrorMessage = (error: unknown): ErrorMessage => {
  if (isApiError(error) && (error.kind === 'auth-expired' || error.status === 401)) {
    return { keys: ['errors:auth.sessionInvalid', 'errors:transport.authExpired'], defaultValue: 'Session invalid' };
  }
  return toErrorMessage(error, 'errors:auth.getUserFailed');
};
export const $userError = meQuery.$error.map((error) => (error === null ? null : userErrorMessage(error)));
/** The last forced refresh failed (the profile shown is the previous one). */
export const $userRefreshError = createStore<ErrorMessage | null>(null)
  .on(meRefresh.finished.failure, (_, { error }) => userErrorMessage(error))
  .reset(meRefresh.started, meQuery.finished.success);

sample({ clock: [UserGate.open, userRequested], fn: () => undefined, target: meQuery.start });
sample({ clock: userRefreshRequested, filter: meRefresh.$pending.map((pending) => !pending), target: meRefresh.start });
update(meQuery, {
  on: meRefresh,
  by: {
    // refetch: the cached copy is dropped and reloaded, so a later (cached) start sees the new state too.
    success: ({ mutation }) => ({ result: mutation.result, refetch: true }),
    failure: ({ query, mutation }) =>
      query && 'result' in query ? { result: query.result } : { error: mutation.error },
  },
});
