import type { BotAdapter, BotButton, BotMessage, PreparedInlineMessage } from '../adapters/telegram-bot';
import type { Clock } from '../clock';
import type { Db } from '../db/db';

export interface SandboxBotMessage {
  id: number;
  chatId: number;
  text: string;
  button: BotButton | null;
  createdAt: string;
}

/**
 * Sandbox bot: nothing goes to Telegram. Each message is stored in `sandbox_bot_outbox`, which GET /api/dev/bot-outbox
 * reads (SANDBOX_TOKEN), so it works across server processes; its row id is the message_id.
 */
export class SandboxBotAdapter implements BotAdapter {
  readonly name = 'sandbox';
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async sendMessage(message: BotMessage): Promise<{ messageId: number }> {
    const [row] = await this.db.query<{ id: number }>(
      'INSERT INTO sandbox_bot_outbox (chat_id, text, button, created_at) VALUES ($1, $2, $3::jsonb, $4) RETURNING id',
      [message.chatId, message.text, message.button ? JSON.stringify(message.button) : null, this.clock.now()],
    );
    return { messageId: Number(row!.id) };
  }

  /** A prepared inline message: kept in the outbox of the user's chat as "[prepared] <text>", its id `prepared_<row id>`. */
  async savePreparedInlineMessage(message: PreparedInlineMessage): Promise<{ id: string }> {
    const { messageId } = await this.sendMessage({ chatId: message.userId, text: `[prepared] ${message.text}`, button: message.button });
    return { id: `prepared_${messageId}` };
  }
}

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
