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

/** A message a user may share into any chat from the Mini App (shareMessage): an inline article with one URL button. */
export interface PreparedInlineMessage {
  /** The Telegram user who will share it (their id; the bot must know them). */
  userId: number;
  /** Our id of the result (1–64 bytes). */
  id: string;
  title: string;
  description: string;
  text: string;
  button: BotButton;
}

export interface BotAdapter {
  readonly name: string;
  /** Sends one message; answers Telegram's message_id. Throws BotApiError when Telegram refuses or cannot be reached. */
  sendMessage(message: BotMessage): Promise<{ messageId: number }>;
  /**
   * Bot API 8.0 savePreparedInlineMessage: answers the prepared message's id for the Mini App's shareMessage. Throws
   * BotApiError like sendMessage.
   */
  savePreparedInlineMessage?(message: PreparedInlineMessage): Promise<{ id: string }>;
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
