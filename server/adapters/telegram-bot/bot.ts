/**
 * The bot's outgoing messages (docs/adapters.md "Telegram bot"). Implementations: the Telegram Bot API over HTTPS
 * (./telegram.ts) and the sandbox outbox (server/sandbox/bot.ts). One call = one message; no retry inside: the
 * caller is a job (server/jobs), whose retries cover 429 (retry_after) and 5xx.
 */
export interface BotButton {
  text: string;
  /** An https URL: a t.me Mini App link (opens the app with its start parameter) or a page. */
  url: string;
}

export interface BotMessage {
  chatId: number;
  text: string;
  /** One inline button under the message. */
  button?: BotButton;
  /**
   * Instead of an inline button: a one-time keyboard button that lets the user pick one of their Telegram contacts
   * (KeyboardButtonRequestUsers); Telegram then posts a `users_shared` update with `requestId`.
   */
  requestUser?: { requestId: number; text: string };
  /** Remove a keyboard shown earlier (after a contact was picked). */
  removeKeyboard?: boolean;
}

/**
 * A message the user shares from the Mini App (Telegram's shareMessage): saved for that user with Bot API
 * savePreparedInlineMessage as an article (title, text, one button); Telegram shows its chat picker and sends it.
 */
export interface PreparedInlineMessage {
  /** The Telegram user who will share it (the Mini App's user: the account's linked Telegram id). */
  userId: number;
  /** Shown in the chat picker. */
  title: string;
  description?: string;
  text: string;
  button: BotButton;
}

export interface BotAdapter {
  readonly name: string;
  /** Sends one message; answers Telegram's message_id. Throws BotApiError when Telegram refuses or cannot be reached. */
  sendMessage(message: BotMessage): Promise<{ messageId: number }>;
  /** Saves a message for the user to share (shareMessage); answers its id and when it expires. Throws BotApiError. */
  savePreparedInlineMessage(message: PreparedInlineMessage): Promise<{ id: string; expiresAt: Date | null }>;
}

/**
 * A failed Bot API call. `delivered: false` when Telegram answered (the message certainly was not sent); unknown
 * (`null`) when the call timed out or the connection broke after the request left. `permanent`: retrying cannot help
 * (400 chat not found, 403 the user blocked the bot). `retryAfterSeconds`: Telegram's 429 parameter.
 */
export class BotApiError extends Error {
  override name = 'BotApiError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly permanent: boolean,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}
