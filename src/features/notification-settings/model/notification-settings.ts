/**
 * Bot notification switches (issue 15 "The bot"; GET/PATCH /api/notifications/settings): which kinds of events the bot
 * tells the user about in their Telegram chat. The Settings section opens it with the app's language; a switch sends
 * only that kind (and the language, so the bot writes in the language the app is shown in). The answer of a change
 * replaces the cached settings; a failed change leaves the switch as the server has it and says so.
 */
import { update } from '@farfetched/core';
import { createEvent, createStore, sample } from 'effector';
import { createApiMutation, createApiQuery, queryState, toErrorMessage, type ErrorMessage } from '@/shared/api';
import {
  NOTIFICATION_KINDS,
  notificationsGetSettings,
  notificationsUpdateSettings,
  type NotificationKind,
  type NotificationLanguage,
  type NotificationSettings,
} from '@/shared/contract';

export { NOTIFICATION_KINDS, type NotificationKind };

const notificationSettingsQuery = createApiQuery(notificationsGetSettings);
const notificationSettingsMutation = createApiMutation(notificationsUpdateSettings);

/** The section is shown, in this app language. */
export const notificationSettingsOpened = createEvent<NotificationLanguage>();
export const notificationKindToggled = createEvent<{ kind: NotificationKind; enabled: boolean }>();

export const $notificationSettings = notificationSettingsQuery.$data;
export const $notificationSettingsState = queryState(notificationSettingsQuery);
/** The kind whose change is on its way (its switch is busy). */
export const $changingKind = createStore<NotificationKind | null>(null)
  .on(notificationKindToggled, (_, { kind }) => kind)
  .reset(notificationSettingsMutation.finished.finally);
export const $notificationSettingsError = createStore<ErrorMessage | null>(null)
  .on(notificationSettingsMutation.finished.failure, (_, { error }) => toErrorMessage(error, 'notifications:saveFailed'))
  .reset(notificationSettingsMutation.started);

/** The app's language as last opened with: sent along with every change. */
const $language = createStore<NotificationLanguage>('en').on(notificationSettingsOpened, (_, language) => language);

sample({ clock: notificationSettingsOpened, fn: () => undefined, target: notificationSettingsQuery.start });
// The bot writes in the app's language: a settings row in another language is brought in line once loaded.
sample({
  clock: notificationSettingsQuery.finished.success,
  source: $language,
  filter: (language, { result }) => result.language !== language,
  fn: (language) => ({ body: { language } }),
  target: notificationSettingsMutation.start,
});
sample({
  clock: notificationKindToggled,
  source: { language: $language, busy: notificationSettingsMutation.$pending },
  filter: ({ busy }) => !busy,
  fn: ({ language }, { kind, enabled }) => ({ body: { kinds: { [kind]: enabled }, language } }),
  target: notificationSettingsMutation.start,
});
update(notificationSettingsQuery, {
  on: notificationSettingsMutation,
  by: {
    success: ({ mutation }) => ({ result: mutation.result as NotificationSettings }),
    failure: ({ query, mutation }) => (query && 'result' in query ? { result: query.result } : { error: mutation.error }),
  },
});
