/**
 * A fake Telegram Bot API (https://core.telegram.org/bots/api) on a local port: POST /bot<token>/sendMessage records
 * the message and answers like Telegram. Scripted answers (`failNext`) give 429 with retry_after, 5xx or 403; `hold`
 * keeps requests unanswered (a process killed meanwhile never gets its answer: the message counts as not delivered,
 * like a request Telegram never finished). Shared by the server tests and the fault suite.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeBotMessage {
  chatId: number;
  text: string;
  button: { text: string; url: string } | null;
  messageId: number;
}

export interface FakeBotApi {
  url: string;
  token: string;
  /** Messages Telegram accepted (answered 200), in order. */
  delivered: FakeBotMessage[];
  /** Every sendMessage request that reached the fake. */
  requests: number;
  /** The next `count` requests get this answer instead of a success. */
  failNext(status: number, count?: number, extra?: { retryAfter?: number; description?: string }): void;
  /** Requests wait unanswered until release() (their answers are then a success if the socket is still open). */
  hold(): void;
  release(): void;
  /**
   * Requests held so far (and any still arriving from before this call) are dropped unanswered and never delivered:
   * what Telegram does with a request whose sender died before it was accepted. A plain release() after a kill would
   * race the socket's close: a request whose body was still being read could be delivered to a dead sender.
   */
  dropHeld(): void;
  /** Requests waiting now. */
  readonly held: number;
  close(): Promise<void>;
}

export const startFakeBotApi = async (token = '123456:fake-bot-token'): Promise<FakeBotApi> => {
  const delivered: FakeBotMessage[] = [];
  const failures: Array<{ status: number; retryAfter?: number; description?: string }> = [];
  const waiting: Array<(deliver: boolean) => void> = [];
  let holding = false;
  /** Bumped by dropHeld(): a request that arrived before a drop is never delivered, even if its body was still being read. */
  let dropEpoch = 0;
  let requests = 0;
  let nextId = 1;

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let data = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (data += chunk));
      request.on('end', () => resolve(data));
      request.on('error', reject);
    });

  const answer = (response: ServerResponse, status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server: Server = createServer(async (request, response) => {
    if (request.method !== 'POST' || request.url !== `/bot${token}/sendMessage`) {
      return answer(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
    }
    requests++;
    const arrivedIn = dropEpoch;
    const heldAtArrival = holding;
    const body = JSON.parse(await readBody(request)) as { chat_id: number; text: string; reply_markup?: { inline_keyboard: Array<Array<{ text: string; url: string }>> } };
    if (arrivedIn !== dropEpoch) return void request.socket.destroy(); // dropped while its body was being read
    if (heldAtArrival || holding) {
      const deliver = await new Promise<boolean>((resolve) => waiting.push(resolve));
      if (!deliver) return void request.socket.destroy(); // Telegram never accepted it
    }
    if (response.destroyed || request.socket.destroyed) return; // the caller is gone: never delivered
    const failure = failures.shift();
    if (failure) {
      return answer(response, failure.status, {
        ok: false,
        error_code: failure.status,
        description: failure.description ?? (failure.status === 429 ? 'Too Many Requests: retry later' : 'Error'),
        ...(failure.retryAfter ? { parameters: { retry_after: failure.retryAfter } } : {}),
      });
    }
    const message: FakeBotMessage = { chatId: body.chat_id, text: body.text, button: body.reply_markup?.inline_keyboard[0]?.[0] ?? null, messageId: nextId++ };
    delivered.push(message);
    answer(response, 200, { ok: true, result: { message_id: message.messageId, chat: { id: body.chat_id }, text: body.text } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    delivered,
    get requests() {
      return requests;
    },
    failNext(status, count = 1, extra = {}) {
      for (let i = 0; i < count; i++) failures.push({ status, ...extra });
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const resolve of waiting.splice(0)) resolve(true);
    },
    dropHeld() {
      holding = false;
      dropEpoch++;
      for (const resolve of waiting.splice(0)) resolve(false);
    },
    get held() {
      return waiting.length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        holding = false;
        for (const resolve of waiting.splice(0)) resolve(false);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
