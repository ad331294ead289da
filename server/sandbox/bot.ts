import { randomBytes } from 'node:crypto';
import { BotApiError, type BotAdapter, type BotButton, type BotMessage, type PreparedInlineMessage } from '../adapters/telegram-bot';
import type { Clock } from '../clock';
import type { Db } from '../db/db';

export interface SandboxBotMessage {
  id: number;
  chatId: number;
  text: string;
  button: BotButton | null;
  createdAt: string;
}

/** How long Telegram keeps a prepared message (the Bot API gives an expiration_date; the sandbox takes a day). */
const PREPARED_MESSAGE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Sandbox bot: nothing goes to Telegram. Each message is stored in `sandbox_bot_outbox`, which GET /api/dev/bot-outbox
 * reads (SANDBOX_TOKEN), so it works across server processes; its row id is the message_id. A chat marked blocked
 * (POST /api/dev/bot-chats/blocked) is refused with Telegram's 403; a prepared message is stored for the dev panel.
 */
export class SandboxBotAdapter implements BotAdapter {
  readonly name = 'sandbox';
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async sendMessage(message: BotMessage): Promise<{ messageId: number }> {
    const blocked = await this.db.query('SELECT 1 FROM sandbox_bot_blocked_chats WHERE chat_id = $1', [message.chatId]);
    if (blocked.length) throw new BotApiError('Bot API refused sendMessage: Forbidden: bot was blocked by the user', 403, true);
    const [row] = await this.db.query<{ id: number }>(
      'INSERT INTO sandbox_bot_outbox (chat_id, text, button, created_at) VALUES ($1, $2, $3::jsonb, $4) RETURNING id',
      [message.chatId, message.text, message.button ? JSON.stringify(message.button) : null, this.clock.now()],
    );
    return { messageId: Number(row!.id) };
  }

  async savePreparedInlineMessage(message: PreparedInlineMessage): Promise<{ id: string; expiresAt: Date | null }> {
    const id = randomBytes(12).toString('base64url');
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + PREPARED_MESSAGE_TTL_MS);
    const { userId, ...content } = message;
    await this.db.query('INSERT INTO sandbox_bot_prepared_messages (id, user_id, message, created_at, expires_at) VALUES ($1, $2, $3::jsonb, $4, $5)', [
      id,
      userId,
      JSON.stringify(content),
      now,
      expiresAt,
    ]);
    return { id, expiresAt };
  }
}

/** Marks a chat blocked (its sendMessage answers 403) or not. */
export const setSandboxChatBlocked = async (db: Db, chatId: number, blocked: boolean, now: Date): Promise<void> => {
  if (blocked) await db.query('INSERT INTO sandbox_bot_blocked_chats (chat_id, blocked_at) VALUES ($1, $2) ON CONFLICT (chat_id) DO NOTHING', [chatId, now]);
  else await db.query('DELETE FROM sandbox_bot_blocked_chats WHERE chat_id = $1', [chatId]);
};

export interface SandboxPreparedMessage {
  id: string;
  title: string;
  description: string | null;
  text: string;
  button: BotButton;
  createdAt: string;
}

/** The messages saved for a Telegram user to share, newest first. */
export const readSandboxPreparedMessages = async (db: Db, userId: number, limit = 20): Promise<SandboxPreparedMessage[]> => {
  const rows = await db.query<{ id: string; message: Omit<PreparedInlineMessage, 'userId'>; created_at: Date }>(
    'SELECT id, message, created_at FROM sandbox_bot_prepared_messages WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2',
    [userId, limit],
  );
  return rows.map(({ id, message, created_at }) => ({
    id,
    title: message.title,
    description: message.description ?? null,
    text: message.text,
    button: message.button,
    createdAt: created_at.toISOString(),
  }));
};

interface OutboxRow extends Record<string, unknown> {
  id: number;
  chat_id: string | number;
  text: string;
  button: BotButton | null;
  created_at: Date;
}

/** Latest messages to one chat, newest first. */
export const readSandboxBotOutbox = async (db: Db, chatId: number, limit = 50): Promise<SandboxBotMessage[]> => {
  const rows = await db.query<OutboxRow>(
    'SELECT id, chat_id, text, button, created_at FROM sandbox_bot_outbox WHERE chat_id = $1 ORDER BY id DESC LIMIT $2',
    [chatId, limit],
  );
  return rows.map((row) => ({ id: Number(row.id), chatId: Number(row.chat_id), text: row.text, button: row.button, createdAt: row.created_at.toISOString() }));
};
