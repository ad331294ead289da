import { randomUUID } from 'node:crypto';
import { outsideFetch } from '../outside-http';
import { BotApiError, type BotAdapter, type BotMessage, type PreparedInlineMessage } from './bot';

/**
 * The Telegram Bot API (https://core.telegram.org/bots/api): POST {apiUrl}/bot{token}/<method> with a JSON body
 * (sendMessage, savePreparedInlineMessage). The token is part of the path (the API has no other way); it never appears in an error or a log line.
 * 429 (with `parameters.retry_after`) and 5xx are retryable; other 4xx (chat not found, bot blocked) are permanent.
 */
export class TelegramBotAdapter implements BotAdapter {
  readonly name = 'telegram';

  constructor(
    private readonly options: { apiUrl: string; token: string; timeoutMs: number; fetch?: typeof fetch },
  ) {}

  async sendMessage(message: BotMessage): Promise<{ messageId: number }> {
    const result = await this.call<{ message_id?: number }>('sendMessage', {
      chat_id: message.chatId,
      text: message.text,
      link_preview_options: { is_disabled: true },
      ...(message.button ? { reply_markup: { inline_keyboard: [[{ text: message.button.text, url: message.button.url }]] } } : {}),
      ...(message.requestUser
        ? {
            reply_markup: {
              keyboard: [[{ text: message.requestUser.text, request_users: { request_id: message.requestUser.requestId, user_is_bot: false, max_quantity: 1 } }]],
              resize_keyboard: true,
              one_time_keyboard: true,
            },
          }
        : {}),
      ...(message.removeKeyboard && !message.button ? { reply_markup: { remove_keyboard: true } } : {}),
    });
    if (typeof result?.message_id !== 'number') throw new BotApiError('Bot API answered sendMessage without a message_id', 200, false);
    return { messageId: result.message_id };
  }

  /** https://core.telegram.org/bots/api#savepreparedinlinemessage: an article the user may send to any private or group chat. */
  async savePreparedInlineMessage(message: PreparedInlineMessage): Promise<{ id: string; expiresAt: Date | null }> {
    const result = await this.call<{ id?: string; expiration_date?: number }>('savePreparedInlineMessage', {
      user_id: message.userId,
      result: {
        type: 'article',
        id: randomUUID(),
        title: message.title,
        ...(message.description ? { description: message.description } : {}),
        input_message_content: { message_text: message.text, link_preview_options: { is_disabled: true } },
        reply_markup: { inline_keyboard: [[{ text: message.button.text, url: message.button.url }]] },
      },
      allow_user_chats: true,
      allow_bot_chats: false,
      allow_group_chats: true,
      allow_channel_chats: false,
    });
    if (typeof result?.id !== 'string') throw new BotApiError('Bot API answered savePreparedInlineMessage without an id', 200, false);
    return { id: result.id, expiresAt: typeof result.expiration_date === 'number' ? new Date(result.expiration_date * 1000) : null };
  }

  /** One Bot API method: its `result`, or a BotApiError that never holds the token. */
  private async call<T>(method: string, body: object): Promise<T | undefined> {
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      // A redirect is followed within BOT_API_URL's origin only (outsideFetch); the token never leaves for another one.
      response = await outsideFetch(
        `${this.options.apiUrl}/bot${this.options.token}/${method}`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(this.options.timeoutMs) },
        doFetch,
      );
    } catch (error) {
      // No answer: a timeout or a broken connection (the message may or may not have been delivered).
      const reason = error instanceof Error ? error.name : 'error';
      throw new BotApiError(`Bot API unreachable (${reason})`, null, false);
    }
    let payload: { ok?: boolean; result?: T; description?: string; parameters?: { retry_after?: number } } = {};
    try {
      payload = (await response.json()) as typeof payload;
    } catch {
      // not JSON (a proxy's error page): judged by the status alone
    }
    if (response.ok && payload.ok) return payload.result;
    const status = response.status;
    const description = typeof payload.description === 'string' ? payload.description.slice(0, 200) : `HTTP ${status}`;
    if (status === 429) {
      const retryAfter = Number(payload.parameters?.retry_after);
      throw new BotApiError(`Bot API rate limit: ${description}`, status, false, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
    }
    const permanent = status >= 400 && status < 500;
    throw new BotApiError(`Bot API refused ${method}: ${description}`, status, permanent);
  }
}
