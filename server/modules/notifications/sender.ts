/**
 * The 'bot.notify' job: sends one recorded notification (docs/notifications.md "Bot notifications", delivery guarantee).
 *
 *   pending ──(commit 'sending')──► Bot API sendMessage ──(commit 'sent' + message_id)──► job done
 *
 * A run that finds the row 'sent' sends nothing: a crash between the send and the job's ack (or a second worker after
 * an expired lease) does not send twice. When Telegram answered with an error the message was certainly not sent:
 * back to 'pending' (429: the job runs again after retry_after, RetryAfterError; 5xx: the job's backoff; other 4xx: failed for good,
 * and a 403 marks the user's bot blocked, notifyUser then sends nothing more). The one window
 * left is a crash (or a timeout) after Telegram accepted the message and before 'sent' committed: the next run finds
 * 'sending' and sends again (at-least-once there, logged): Telegram's sendMessage has no idempotency key to close it.
 */
import type { NotificationLanguage } from '@/shared/contract';
import { BotApiError, type BotAdapter } from '../../adapters/telegram-bot';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { PermanentJobError, RetryAfterError, type JobContext } from '../../jobs';
import { setBotBlocked, type NotificationParams, type StoredNotificationKind } from './store';
import { renderNotification, renderStart, type AppLinkSettings } from './texts';

interface NotificationRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  kind: StoredNotificationKind;
  chat_id: string | number;
  language: NotificationLanguage;
  params: NotificationParams;
  status: 'pending' | 'sending' | 'sent' | 'failed';
}

export interface SenderDeps {
  db: Db;
  clock: Clock;
  bot: BotAdapter | undefined;
  app: AppLinkSettings;
}

export const sendNotification = async ({ db, clock, bot, app }: SenderDeps, id: string, ctx: Pick<JobContext, 'log'>): Promise<void> => {
  const [row] = await db.query<NotificationRow>('SELECT id, user_id, kind, chat_id, language, params, status FROM bot_notifications WHERE id = $1', [id]);
  if (!row || row.status === 'sent' || row.status === 'failed') return;
  if (!bot) {
    await db.query(`UPDATE bot_notifications SET status = 'failed', last_error = 'no bot adapter (BOT_ADAPTER=none)' WHERE id = $1 AND status <> 'sent'`, [id]);
    return;
  }
  if (row.status === 'sending') ctx.log.warn({ notificationId: id }, 'bot notification: an earlier attempt ended without an answer; sending again');
  await db.query(`UPDATE bot_notifications SET status = 'sending', attempts = attempts + 1 WHERE id = $1 AND status IN ('pending', 'sending')`, [id]);
  const message = renderNotification(row.kind, row.params, row.language, app);
  try {
    const { messageId } = await bot.sendMessage({ chatId: Number(row.chat_id), ...message });
    await db.query(`UPDATE bot_notifications SET status = 'sent', message_id = $2, sent_at = $3, last_error = NULL WHERE id = $1`, [id, messageId, clock.now()]);
  } catch (error) {
    if (!(error instanceof BotApiError)) throw error;
    if (error.status !== null) {
      // Telegram answered: not sent.
      const retryAt = error.retryAfterSeconds ? new Date(clock.now().getTime() + error.retryAfterSeconds * 1000) : null;
      await db.query(`UPDATE bot_notifications SET status = $2, last_error = $3, retry_at = $4 WHERE id = $1`, [
        id,
        error.permanent ? 'failed' : 'pending',
        error.message,
        retryAt,
      ]);
      // 403: the user blocked the bot (or never let it write). Settings says so; nothing more is sent until allowed again.
      if (error.status === 403) await setBotBlocked(db, row.user_id, true, clock.now());
    }
    if (error.permanent) throw new PermanentJobError(error.message);
    if (error.retryAfterSeconds) throw new RetryAfterError(error.message, error.retryAfterSeconds * 1000);
    throw error;
  }
};

/** The 'bot.reply' job: the answer to /start (not recorded: a repeated /start answers again). */
export const sendStartReply = async (
  { bot, app }: Pick<SenderDeps, 'bot' | 'app'>,
  payload: { chatId: number; language: NotificationLanguage; startParam?: string },
): Promise<void> => {
  if (!bot) return;
  try {
    await bot.sendMessage({ chatId: payload.chatId, ...renderStart(payload.startParam, payload.language, app) });
  } catch (error) {
    if (error instanceof BotApiError && error.permanent) throw new PermanentJobError(error.message);
    if (error instanceof BotApiError && error.retryAfterSeconds) throw new RetryAfterError(error.message, error.retryAfterSeconds * 1000);
    throw error;
  }
};
