/**
 * Sessions you can see and end (issue #15 "Sessions"): the user's sign-ins (GET /api/users/me/sessions, this device
 * first and marked), ending one (POST /api/users/me/sessions/{id}/end) or all others (POST …/end-others). An ended
 * session's tokens are refused by the server at once, so that device's next call ends up on the sign-in screen.
 * The list is asked fresh every time Settings opens (a mutation, not the 5-minute query cache).
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { createApiMutation, toErrorMessage, type ErrorMessage } from '@/shared/api';
import { accountEndOtherSessions, accountEndSession, accountSessions, type AuthSession } from '@/shared/contract';
import { i18n } from '@/shared/i18n';
import { notify } from '@/shared/ui';

const sessionsLoadMutation = createApiMutation(accountSessions, { name: 'account.sessions.load' });
const endSessionMutation = createApiMutation(accountEndSession);
const endOtherSessionsMutation = createApiMutation(accountEndOtherSessions);

export const sessionsRequested = createEvent();
export const endSessionClicked = createEvent<string>();
export const endOthersClicked = createEvent();

export const $sessions = createStore<AuthSession[] | null>(null).on(sessionsLoadMutation.finished.success, (_, { result }) => result.items);
export const $loadFailed = createStore(false)
  .on(sessionsLoadMutation.finished.failure, () => true)
  .reset(sessionsLoadMutation.finished.success);
/** The session being ended (its row shows a spinner). */
export const $ending = createStore<string | null>(null)
  .on(endSessionClicked, (_, id) => id)
  .reset(endSessionMutation.finished.finally);
export const $endingOthers = endOtherSessionsMutation.$pending;
export const $endError = createStore<ErrorMessage | null>(null)
  .on(endSessionMutation.finished.failure, (_, { error }) => toErrorMessage(error, 'account:sessions.endFailed'))
  .on(endOtherSessionsMutation.finished.failure, (_, { error }) => toErrorMessage(error, 'account:sessions.endFailed'))
  .reset(endSessionClicked, endOthersClicked, sessionsRequested);

sample({ clock: sessionsRequested, fn: () => undefined, target: sessionsLoadMutation.start });
sample({ clock: endSessionClicked, fn: (sessionId) => ({ params: { sessionId } }), target: endSessionMutation.start });
sample({ clock: endOthersClicked, filter: $endingOthers.map((pending) => !pending), fn: () => undefined, target: endOtherSessionsMutation.start });
// The list follows the server after every change (and after a refusal: the session may be gone already).
sample({ clock: [endSessionMutation.finished.finally, endOtherSessionsMutation.finished.finally], fn: () => undefined, target: sessionsLoadMutation.start });

const toastFx = createEffect((text: string) => {
  void notify.success(text);
});
sample({ clock: endSessionMutation.finished.success, fn: () => i18n.t('account:sessions.ended'), target: toastFx });
sample({
  clock: endOtherSessionsMutation.finished.success,
  fn: ({ result }) => i18n.t('account:sessions.endedOthers', { count: result.ended }),
  target: toastFx,
});
