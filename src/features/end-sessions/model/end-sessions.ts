/**
 * Sessions you can see and end (issue #15 "Sessions"): the user's sign-ins (GET /api/users/me/sessions, this device
 * first and marked), ending one (POST /api/users/me/sessions/{id}/end) or all others (POST …/end-others). An ended
 * session's tokens are refused by the server at once, so that device's next call ends up on the sign-in screen.
 * The list is asked fresh every time the section shows (a mutation, not the 5-minute query cache). Both ask first
 * ("End this session?", `createConfirmation`: Telegram's popup inside Telegram, the in-app dialog elsewhere).
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { createApiMutation, toErrorMessage, type ErrorMessage } from '@/shared/api';
import { accountEndOtherSessions, accountEndSession, accountSessions, type AuthSession } from '@/shared/contract';
import { i18n } from '@/shared/i18n';
import { createConfirmation } from '@/shared/lib';
import { notify } from '@/shared/ui';
import { endSessionsTexts } from '../i18n/texts';

const sessionsLoadMutation = createApiMutation(accountSessions, { name: 'account.sessions.load' });
const endSessionMutation = createApiMutation(accountEndSession);
const endOtherSessionsMutation = createApiMutation(accountEndOtherSessions);

export const sessionsRequested = createEvent();
export const endSessionClicked = createEvent<{ id: string; device: string }>();
export const endOthersClicked = createEvent();

export const endSessionConfirmation = createConfirmation<{ id: string; device: string }>({
  texts: ({ device }) => ({
    title: i18n.t(`${endSessionsTexts.ns}:endConfirm.title`),
    message: i18n.t(`${endSessionsTexts.ns}:endConfirm.message`, { device }),
    confirm: i18n.t(`${endSessionsTexts.ns}:endConfirm.confirm`),
    cancel: i18n.t('common:actions.cancel'),
    destructive: true,
  }),
});
export const endOthersConfirmation = createConfirmation<void>({
  texts: () => ({
    title: i18n.t(`${endSessionsTexts.ns}:endOthersConfirm.title`),
    message: i18n.t(`${endSessionsTexts.ns}:endOthersConfirm.message`),
    confirm: i18n.t(`${endSessionsTexts.ns}:endOthersConfirm.confirm`),
    cancel: i18n.t('common:actions.cancel'),
    destructive: true,
  }),
});
const endSessionConfirmed = endSessionConfirmation.confirmed.map(({ id }) => id);

export const $sessions = createStore<AuthSession[] | null>(null).on(sessionsLoadMutation.finished.success, (_, { result }) => result.items);
export const $loadFailed = createStore(false)
  .on(sessionsLoadMutation.finished.failure, () => true)
  .reset(sessionsLoadMutation.finished.success);
/** The session being ended (its row shows a spinner). */
export const $ending = createStore<string | null>(null)
  .on(endSessionConfirmed, (_, id) => id)
  .reset(endSessionMutation.finished.finally);
export const $endingOthers = endOtherSessionsMutation.$pending;
export const $endError = createStore<ErrorMessage | null>(null)
  .on(endSessionMutation.finished.failure, (_, { error }) => toErrorMessage(error, `${endSessionsTexts.ns}:endFailed`))
  .on(endOtherSessionsMutation.finished.failure, (_, { error }) => toErrorMessage(error, `${endSessionsTexts.ns}:endFailed`))
  .reset(endSessionClicked, endOthersClicked, sessionsRequested);

sample({ clock: sessionsRequested, fn: () => undefined, target: sessionsLoadMutation.start });
sample({ clock: endSessionClicked, target: endSessionConfirmation.requested });
sample({ clock: endSessionConfirmed, fn: (sessionId) => ({ params: { sessionId } }), target: endSessionMutation.start });
sample({ clock: endOthersClicked, filter: $endingOthers.map((pending) => !pending), target: endOthersConfirmation.requested });
sample({ clock: endOthersConfirmation.confirmed, filter: $endingOthers.map((pending) => !pending), fn: () => undefined, target: endOtherSessionsMutation.start });
// The list follows the server after every change (and after a refusal: the session may be gone already).
sample({ clock: [endSessionMutation.finished.finally, endOtherSessionsMutation.finished.finally], fn: () => undefined, target: sessionsLoadMutation.start });

const toastFx = createEffect((text: string) => {
  void notify.success(text);
});
sample({ clock: endSessionMutation.finished.success, fn: () => i18n.t(`${endSessionsTexts.ns}:ended`), target: toastFx });
sample({
  clock: endOtherSessionsMutation.finished.success,
  fn: ({ result }) => i18n.t(`${endSessionsTexts.ns}:endedOthers`, { count: result.ended }),
  target: toastFx,
});
