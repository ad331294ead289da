/**
 * Notification switches and the hook other modules call at their event sites (docs/notifications.md "Bot notifications").
 * `notifyUser(q, ...)` runs IN the caller's transaction: the notification row and its 'bot.notify' job exist only if
 * that transaction commits, and the row's id comes from the event, so an event applied twice notifies once.
 */
import {
  NOTIFICATION_KINDS,
  type ActivityEvent,
  type NotificationKind,
  type NotificationKinds,
  type NotificationLanguage,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type notificationsGetSettings,
  type notificationsUpdateSettings,
} from '@/shared/contract';
import type { Queryable } from '../../db/db';
import type { RequestContext } from '../../http/route';
import { enqueueJob } from '../../jobs';
import { recordActivity } from './activity';

/** The job that sends one notification (payload: its id). */
export const BOT_NOTIFY_JOB = 'bot.notify';

/**
 * What happened, with what the text needs (the contract's ActivityEvent: the activity centre lists the same events).
 * `ref` names the event (a payment, a trade, a session): one notification per ref. Besides the switchable kinds of
 * NOTIFICATION_KINDS, the service notices (`accountStatus`: what operators decided about the account, docs/ops.md)
 * are sent whatever the switches say (the user cannot turn them off), like the app shows them.
 */
export type NotificationEvent = ActivityEvent & { ref: string };

/** Every kind a notification row can have: the switchable ones (the contract's) and the service ones. */
export type StoredNotificationKind = ActivityEvent['kind'];
const isSwitchable = (kind: StoredNotificationKind): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);

export type NotificationParams = Omit<NotificationEvent, 'kind' | 'ref'>;

interface SettingsRow extends Record<string, unknown> {
  telegram_id: string | number | null;
  disabled: unknown;
  language: NotificationLanguage | null;
  bot_blocked_at: Date | null;
}

const disabledKinds = (value: unknown): NotificationKind[] =>
  (Array.isArray(value) ? value : []).filter((kind): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind as string));

const readRow = async (q: Queryable, userId: string, lock = false): Promise<SettingsRow | undefined> => {
  const [row] = await q.query<SettingsRow>(
    `SELECT u.telegram_id, s.disabled, s.language, s.bot_blocked_at FROM users u LEFT JOIN notification_settings s ON s.user_id = u.id WHERE u.id = $1${lock ? ' FOR UPDATE OF u' : ''}`,
    [userId],
  );
  return row;
};

const toSettings = (row: SettingsRow | undefined): NotificationSettings => {
  const off = new Set(disabledKinds(row?.disabled));
  const kinds = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !off.has(kind)])) as NotificationKinds;
  return { telegramLinked: row?.telegram_id != null, botBlocked: row?.bot_blocked_at != null, language: row?.language ?? 'en', kinds };
};

/** GET /api/notifications/settings. */
export const getNotificationSettings = async ({ db, user }: RequestContext<typeof notificationsGetSettings, object>): Promise<NotificationSettings> =>
  toSettings(await readRow(db, user.userId));

/** PATCH /api/notifications/settings: applies a partial update (kinds not named stay as they are); answers the whole settings. */
export const updateNotificationSettings = ({ db, clock, user, body }: RequestContext<typeof notificationsUpdateSettings, object>): Promise<NotificationSettings> =>
  db.tx((q) => applySettingsUpdate(q, user.userId, body, clock.now()));

const applySettingsUpdate = async (q: Queryable, userId: string, update: NotificationSettingsUpdate, now: Date): Promise<NotificationSettings> => {
  const current = toSettings(await readRow(q, userId, true));
  const kinds = { ...current.kinds, ...Object.fromEntries(Object.entries(update.kinds ?? {}).filter(([, on]) => typeof on === 'boolean')) };
  const disabled = NOTIFICATION_KINDS.filter((kind) => !kinds[kind]);
  const language = update.language ?? current.language;
  const allowed = update.botAllowed === true;
  await q.query(
    `INSERT INTO notification_settings (user_id, disabled, language, updated_at) VALUES ($1, $2::jsonb, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET disabled = EXCLUDED.disabled, language = EXCLUDED.language, updated_at = EXCLUDED.updated_at,
       bot_blocked_at = CASE WHEN $5 THEN NULL ELSE notification_settings.bot_blocked_at END`,
    [userId, JSON.stringify(disabled), language, now, allowed],
  );
  return { ...current, botBlocked: current.botBlocked && !allowed, language, kinds: kinds as NotificationKinds };
};

/**
 * THE hook of the event sites: call it inside the transaction of the event. The event is recorded for the activity
 * centre (every user). The bot tells the user too unless they have no linked Telegram account, turned this kind off,
 * or Telegram refused the bot (botBlocked): then the notification is recorded with the chat and the language of now,
 * and its sending job is enqueued. Answers whether a bot notification was added.
 */
export const notifyUser = async (q: Queryable, userId: string, event: NotificationEvent, now: Date): Promise<boolean> => {
  const { ref, ...details } = event;
  const id = `${event.kind}:${ref}`;
  await recordActivity(q, userId, id, details as ActivityEvent, now);
  const row = await readRow(q, userId);
  if (row?.telegram_id == null) return false;
  const settings = toSettings(row);
  if ((isSwitchable(event.kind) && !settings.kinds[event.kind]) || settings.botBlocked) return false;
  const { kind, ...params } = details;
  const inserted = await q.query(
    `INSERT INTO bot_notifications (id, user_id, kind, chat_id, language, params, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, 'pending', $7) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [id, userId, kind, row.telegram_id, settings.language, JSON.stringify(params), now],
  );
  if (!inserted.length) return false;
  await enqueueJob(q, { kind: BOT_NOTIFY_JOB, payload: { id }, dedupeKey: `${BOT_NOTIFY_JOB}:${id}` });
  return true;
};

/**
 * Telegram refused the bot (403) for this user, or the user blocked / unblocked it (my_chat_member), or let it write
 * again: `blocked` sets or clears botBlocked. While set, notifyUser sends nothing (the activity centre still lists).
 */
export const setBotBlocked = async (q: Queryable, userId: string, blocked: boolean, now: Date): Promise<void> => {
  await q.query(
    `INSERT INTO notification_settings (user_id, language, updated_at, bot_blocked_at) VALUES ($1, 'en', $2, CASE WHEN $3 THEN $2::timestamptz END)
     ON CONFLICT (user_id) DO UPDATE SET bot_blocked_at = CASE WHEN $3 THEN COALESCE(notification_settings.bot_blocked_at, $2::timestamptz) END`,
    [userId, now, blocked],
  );
};

/** The card-blocked hook (one line at the site that blocks a card, in its transaction). */
export const notifyCardBlocked = (q: Queryable, card: { id: string; user_id: string; last4: string | null }, now: Date): Promise<boolean> =>
  notifyUser(q, card.user_id, { kind: 'cardBlocked', ref: card.id, last4: card.last4 }, now);
