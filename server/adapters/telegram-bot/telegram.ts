import { outsideFetch } from '../outside-http';
import { BotApiError, type BotAdapter, type BotMessage } from './bot';

/**
 * The Telegram Bot API (https://core.telegram.org/bots/api#sendmessage): POST {apiUrl}/bot{token}/sendMessage with a
 * JSON body. The token is part of the path (the API has no other way); it never appears in an error or a log line.
 * 429 (with `parameters.retry_after`) and 5xx are retryable; other 4xx (chat not found, bot blocked) are permanent.
 */
export class TelegramBotAdapter implements BotAdapter {
  readonly name = 'telegram';

  constructor(
    private readonly options: { apiUrl: string; token: string; timeoutMs: number; fetch?: typeof fetch },
  ) {}

  async sendMessage(message: BotMessage): Promise<{ messageId: number }> {
    const body = {
      chat_id: message.chatId,
      text: message.text,
      link_preview_options: { is_disabled: true },
      ...(message.button ? { reply_markup: { inline_keyboard: [[{ text: message.button.text, url: message.button.url }]] } } : {}),
    };
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      // A redirect is followed within BOT_API_URL's origin only (outsideFetch); the token never leaves for another one.
      response = await outsideFetch(
        `${this.options.apiUrl}/bot${this.options.token}/sendMessage`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(this.options.timeoutMs) },
        doFetch,
      );
    } catch (error) {
      // No answer: a timeout or a broken connection (the message may or may not have been delivered).
      const reason = error instanceof Error ? error.name : 'error';
      throw new BotApiError(`Bot API unreachable (${reason})`, null, false);
    }
    let payload: { ok?: boolean; result?: { message_id?: number }; description?: string; parameters?: { retry_after?: number } } = {};
    try {
      payload = (await response.json()) as typeof payload;
    } catch {
      // not JSON (a proxy's error page): judged by the status alone
    }
    if (response.ok && payload.ok && typeof payload.result?.message_id === 'number') return { messageId: payload.result.message_id };
    const status = response.status;
    const description = typeof payload.description === 'string' ? payload.description.slice(0, 200) : `HTTP ${status}`;
    if (status === 429) {
      const retryAfter = Number(payload.parameters?.retry_after);
      throw new BotApiError(`Bot API rate limit: ${description}`, status, false, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
    }
    const permanent = status >= 400 && status < 500;
    throw new BotApiError(`Bot API refused sendMessage: ${description}`, status, permanent);
  }
}
