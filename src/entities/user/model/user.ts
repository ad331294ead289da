/**
 * The signed-in user (GET /api/users/me): profile, verification state (SPEC §1), linked Telegram account.
 *
 * - `meQuery` is cached like every query (fresh 5 min). `UserGate` (or `userRequested`) starts it.
 * - `userRefreshRequested` bypasses the cache (the "Refresh" of the verification screen): a one-off
 *   call whose answer replaces the cached profile (farfetched `update` with a refetch).
 * - Sign-in / sign-out reset it with all API data (`apiDataReset` of the session).
 * - While the account waits for a person (under verification) or is frozen, the profile is asked again every
 *   `ACCOUNT_STATE_POLL_MS` while a screen shows the user (`UserGate`): an operator's decision shows without a reload
 *   (docs/ops.md "What the user sees"). A money call refused for the account's state refreshes it at once
 *   (`refreshOnAccountRefusal`).
 */
import { update } from '@farfetched/core';
import { createEvent, createStore, sample, type Event } from 'effector';
import { createGate } from 'effector-react';
import { createApiMutation, createApiQuery, createPoll, isApiError, queryState, refetchOn, toErrorMessage, type ErrorMessage } from '@/shared/api';
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

/** How often the profile of an account waiting for an operator (or frozen by one) is asked again. */
const ACCOUNT_STATE_POLL_MS = 10_000;
export const accountStatePoll = createPoll({ every: ACCOUNT_STATE_POLL_MS, name: 'user.accountState' });
sample({
  clock: meQuery.finished.finally,
  source: { open: UserGate.status, user: $user },
  filter: ({ open, user }) => open && (user?.verificationStatus === 'under_verification' || user?.frozen != null),
  target: accountStatePoll.scheduled,
});
sample({ clock: UserGate.close, target: accountStatePoll.stopped });
refetchOn(meQuery, { clock: accountStatePoll.tick, name: 'user.accountState' });

const ACCOUNT_STATE_CODES = ['ACCOUNT_UNDER_VERIFICATION', 'ACCOUNT_VERIFICATION_FAILED', 'ACCOUNT_FROZEN'];
/** A money call refused for the account's state (an operator decided since the profile was read). */
const isAccountStateRefusal = (error: unknown): boolean => isApiError(error) && ACCOUNT_STATE_CODES.includes(error.code);
/** Refreshes the profile when `mutation` is refused for the account's state, so the screen explains it at once. */
export const refreshOnAccountRefusal = (mutation: { finished: { failure: Event<{ error: unknown }> } }): void => {
  sample({ clock: mutation.finished.failure, filter: ({ error }) => isAccountStateRefusal(error), target: userRefreshRequested });
};
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
