/**
 * Bot notification switches (issue 15 "The bot"; GET/PATCH /api/notifications/settings): which kinds of events the bot
 * tells the user about in their Telegram chat. The Settings section opens it with the app's language; a switch sends
 * only that kind (and the language, so the bot writes in the language the app is shown in). The answer of a change
 * replaces the cached settings; a failed change leaves the switch as the server has it and says so.
 *
 * The bot's access (issue #35): Telegram answered the bot 403 (`botBlocked`), or Telegram's launch data says the user has
 * not let the bot write (`allows_write_to_pm` false) while some notification is on: the section says so and offers
 * "Allow the bot to write" (Telegram's requestWriteAccess, 6.9+), asked by itself too when a switch is turned on. An
 * allowed answer tells the server (`botAllowed`), which clears `botBlocked`. Where Telegram cannot ask, the section says
 * to start the bot's chat instead.
 */
import { update } from '@farfetched/core';
import { createEffect, createEvent, createStore, sample } from 'effector';
import { createApiMutation, createApiQuery, queryState, toErrorMessage, type ErrorMessage } from '@/shared/api';
import {
  NOTIFICATION_KINDS,
  notificationsGetSettings,
  notificationsUpdateSettings,
  type NotificationKind,
  type NotificationLanguage,
  type NotificationSettings,
} from '@/shared/contract';
import { canRequestWriteAccess, requestWriteAccess, telegramAllowsBotMessages } from '@/shared/platform';
import { notificationSettingsTexts } from '../i18n/texts';

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
  .on(notificationSettingsMutation.finished.failure, (_, { error }) => toErrorMessage(error, `${notificationSettingsTexts.ns}:saveFailed`))
  .reset(notificationSettingsMutation.started);

/** What Telegram's launch data said when the section opened: true allowed, false not (yet), null unknown. */
const $telegramAllows = createStore<boolean | null>(null);
/** Telegram can ask the user to let the bot write (6.9+); read when the section opens. */
export const $canAskBotAccess = createStore(false);
/**
 * 'ok' the bot can write (or nothing is on), 'blocked' Telegram refused the bot (403), 'notAllowed' the user has not let
 * it write yet while some notification is on.
 */
export type BotAccess = 'ok' | 'blocked' | 'notAllowed';
export const $botAccess = sample({
  source: { settings: $notificationSettings, allows: $telegramAllows },
  fn: ({ settings, allows }): BotAccess => {
    if (!settings?.telegramLinked) return 'ok';
    if (settings.botBlocked) return 'blocked';
    const anyOn = NOTIFICATION_KINDS.some((kind) => settings.kinds[kind]);
    return anyOn && allows === false ? 'notAllowed' : 'ok';
  },
});
/** "Allow the bot to write" was pressed. */
export const botAccessRequested = createEvent();
/** Telegram's requestWriteAccess: true allowed; false declined or unavailable. Replaceable in tests. */
export const requestBotAccessFx = createEffect(async (): Promise<boolean> => (await requestWriteAccess()).ok);
export const $botAccessDeclined = createStore(false)
  .on(requestBotAccessFx.doneData, (_, allowed) => !allowed)
  .reset(requestBotAccessFx);

/** The app's language as last opened with: sent along with every change. */
const $language = createStore<NotificationLanguage>('en').on(notificationSettingsOpened, (_, language) => language);

sample({ clock: notificationSettingsOpened, fn: () => undefined, target: notificationSettingsQuery.start });
sample({ clock: notificationSettingsOpened, fn: () => telegramAllowsBotMessages(), target: $telegramAllows });
sample({ clock: notificationSettingsOpened, fn: () => canRequestWriteAccess(), target: $canAskBotAccess });
// Turning a notification on while the bot cannot write asks Telegram at once; so does the section's button.
sample({
  clock: [
    botAccessRequested,
    sample({ clock: notificationKindToggled, filter: ({ enabled }) => enabled, fn: () => undefined }),
  ],
  source: { access: $botAccess, canAsk: $canAskBotAccess, pending: requestBotAccessFx.pending },
  filter: ({ access, canAsk, pending }) => access !== 'ok' && canAsk && !pending,
  fn: () => undefined,
  target: requestBotAccessFx,
});
sample({ clock: requestBotAccessFx.doneData, filter: (allowed) => allowed, fn: () => true, target: $telegramAllows });
sample({
  clock: requestBotAccessFx.doneData,
  source: $language,
  filter: (_, allowed) => allowed,
  fn: (language) => ({ body: { botAllowed: true as const, language } }),
  target: notificationSettingsMutation.start,
});
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
