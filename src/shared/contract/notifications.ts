/** Bot notifications (issue 15 "The bot"): which kinds the user gets in their Telegram chat. docs/api.md "Notifications". */
import * as z from 'zod/mini';
import { defineEndpoint } from './core';

/**
 * Every kind of notification the bot sends (docs/notifications.md "Bot notifications" lists the events); each kind's details
 * are activity.ts's ActivityEvent (the activity centre lists the same events).
 */
export const NOTIFICATION_KINDS = [
  'topUpCredited',
  'paymentFailed',
  'cardReady',
  'cardBlocked',
  'purchaseApproved',
  'purchaseDeclined',
  'newSignIn',
  'transferReceived',
  'requestPaid',
  'withdrawalCompleted',
  'withdrawalFailed',
] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** The language of the bot's texts. */
export const NotificationLanguage = z.enum(['en', 'ru']);
export type NotificationLanguage = z.infer<typeof NotificationLanguage>;

/** On/off per kind: every kind is present in an answer. */
export const NotificationKinds = z.object({
  topUpCredited: z.boolean(),
  paymentFailed: z.boolean(),
  cardReady: z.boolean(),
  cardBlocked: z.boolean(),
  purchaseApproved: z.boolean(),
  purchaseDeclined: z.boolean(),
  newSignIn: z.boolean(),
  transferReceived: z.boolean(),
  requestPaid: z.boolean(),
  withdrawalCompleted: z.boolean(),
  withdrawalFailed: z.boolean(),
});
export type NotificationKinds = z.infer<typeof NotificationKinds>;

export const NotificationSettings = z.object({
  /** False: the account has no Telegram account linked, so nothing is sent whatever the switches say. */
  telegramLinked: z.boolean(),
  /**
   * Telegram refused the bot's last message (403: the user blocked the bot, or never let it write): nothing more is
   * sent until the user lets the bot write again (in the app, `botAllowed`) or starts the bot's chat again.
   */
  botBlocked: z.boolean(),
  language: NotificationLanguage,
  kinds: NotificationKinds,
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export const NotificationSettingsUpdate = z.strictObject({
  /** The kinds to change; the others stay as they are. */
  kinds: z.optional(z.partial(z.strictObject(NotificationKinds.shape))),
  language: z.optional(NotificationLanguage),
  /** The user has just let the bot write to them (Telegram's requestWriteAccess answered "allowed"): clears `botBlocked`. */
  botAllowed: z.optional(z.literal(true)),
});
export type NotificationSettingsUpdate = z.infer<typeof NotificationSettingsUpdate>;

export const notificationsGetSettings = defineEndpoint({
  id: 'notifications.getSettings',
  method: 'GET',
  path: '/api/notifications/settings',
  auth: 'bearer',
  tag: 'notifications',
  summary: "The user's bot notification switches (every kind on until turned off).",
  response: NotificationSettings,
});

export const notificationsUpdateSettings = defineEndpoint({
  id: 'notifications.updateSettings',
  method: 'PATCH',
  path: '/api/notifications/settings',
  auth: 'bearer',
  tag: 'notifications',
  summary: 'Turns notification kinds on or off and sets the language of their texts; answers the whole settings.',
  body: NotificationSettingsUpdate,
  response: NotificationSettings,
});

/** The notification endpoints by id (composed in index.ts). */
export const notificationsEndpoints = {
  'notifications.getSettings': notificationsGetSettings,
  'notifications.updateSettings': notificationsUpdateSettings,
} as const;
