/**
 * Bot notifications and the bot's webhook (docs/notifications.md "Bot notifications"): the user's switches
 * (GET/PATCH /api/notifications/settings), the hook the event sites call in their transactions (`notifyUser`,
 * `notifyCardBlocked`), the 'bot.notify' and 'bot.reply' jobs that send through the bot adapter, and
 * POST /api/webhooks/telegram-bot (/start with the app's deep links), and the activity centre (GET /api/activity,
 * GET /api/activity/unread, POST /api/activity/read: the same events for every user, activity.ts). This file is the
 * module's plugin: its jobs, each endpoint bound to its use case (one line each), the bot's webhook.
 */
import type { FastifyInstance } from 'fastify';
import { activityList, activityMarkRead, activityUnread, notificationsGetSettings, notificationsUpdateSettings } from '@/shared/contract';
import { routesWith } from '../../http/route';
import { appJobRegistry } from '../../jobs';
import { defineModule, type ModuleDeps } from '../module';
import { getUnreadCount, listActivity, markActivityRead } from './activity';
import { sendNotification, sendStartReply } from './sender';
import { BOT_NOTIFY_JOB, getNotificationSettings, updateNotificationSettings } from './store';
import { BOT_REPLY_JOB, registerBotWebhook } from './webhook';

export { notifyCardBlocked, notifyUser } from './store';
export { BOT_CONTACT_SHARED_JOB, type ContactSharedPayload } from './webhook';

const registerNotifications = async (app: FastifyInstance, { db, clock, config, adapters }: ModuleDeps): Promise<void> => {
  const bot = adapters.bot;
  const links = config.wallet.app;
  const registry = appJobRegistry(app);
  registry.register<{ id: string }>(BOT_NOTIFY_JOB, (payload, ctx) => sendNotification({ db, clock, bot, app: links }, payload.id, ctx));
  registry.register<{ chatId: number; language: 'en' | 'ru'; startParam?: string }>(BOT_REPLY_JOB, (payload) => sendStartReply({ bot, app: links }, payload));

  const bind = routesWith(app, { db, clock });
  bind(notificationsGetSettings, getNotificationSettings);
  bind(notificationsUpdateSettings, updateNotificationSettings);
  bind(activityList, listActivity);
  bind(activityUnread, getUnreadCount);
  bind(activityMarkRead, markActivityRead);
  await registerBotWebhook(app, { db, clock, secret: config.bot.webhookSecret, enabled: bot !== undefined });
};

export const notificationsModule = defineModule({ name: 'notifications', register: registerNotifications });
