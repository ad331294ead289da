/**
 * No adapter follows a redirect to another origin (issue #31 item 1): the central bank's document answered with a 302
 * to another URL was followed, and what that URL served was quoted. outsideFetch (server/adapters/outside-http) is the
 * one fetch of every adapter that calls an outside service; each is tested here against a real server that redirects
 * to another one (another port: another origin), which must never be asked.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outsideFetch, OutsideRedirectError } from '../../server/adapters/outside-http';
import { TelegramBotAdapter } from '../../server/adapters/telegram-bot';
import { TronGridSource } from '../../server/adapters/tron';
import { ManualClock } from '../../server/clock';

interface Site {
  url: string;
  /** Requests by path (with the query). */
  requests: string[];
  close(): Promise<void>;
}

/** A server answering every request with `answer` (a redirect, or a body). */
const site = async (answer: (path: string) => { status: number; headers?: Record<string, string>; body?: string }): Promise<Site> => {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    request.resume();
    const { status, headers, body } = answer(request.url ?? '');
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

let elsewhere: Site;
let redirecting: Site;
beforeAll(async () => {
  elsewhere = await site(() => ({ status: 200, body: '{"ok":true,"result":{"message_id":1},"success":true,"data":[]}' }));
  // Same-origin redirects go to /same…; everything else is sent to the other site.
  redirecting = await site((path) =>
    path.startsWith('/same')
      ? { status: 200, body: '{"followed":true}' }
      : path.startsWith('/to-same')
        ? { status: 307, headers: { location: `/same${path}` } }
        : { status: 302, headers: { location: `${elsewhere.url}${path}` } },
  );
});
afterAll(async () => {
  await redirecting.close();
  await elsewhere.close();
});

describe('outsideFetch', () => {
  it('refuses a redirect to another origin, whatever the method', async () => {
    await expect(outsideFetch(`${redirecting.url}/x`)).rejects.toBeInstanceOf(OutsideRedirectError);
    await expect(outsideFetch(`${redirecting.url}/x`, { method: 'POST', body: '{}' })).rejects.toThrow(/another origin/);
    expect(elsewhere.requests).toEqual([]);
  });

  it('follows a redirect within the origin (a 307 keeps the method and body)', async () => {
    const res = await outsideFetch(`${redirecting.url}/to-same`, { method: 'POST', body: '{}' });
    expect(await res.json()).toEqual({ followed: true });
    expect(redirecting.requests.at(-1)).toBe('/same/to-same');
  });
});

describe('every adapter that calls an outside service', () => {
  it('TronGrid: the redirect is a failed call (backed off), the other origin is never asked', async () => {
    const source = new TronGridSource({
      apiUrl: redirecting.url,
      apiKey: 'test-api-key-0123456789',
      contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      pageSize: 200,
      timeoutMs: 2_000,
      maxBackoffSeconds: 300,
      clock: new ManualClock(new Date('2030-01-01T00:00:00Z')),
      minConfirmations: 19,
    });
    await expect(source.transfersTo('TDepositAddressForTronGridTests123', null, 10)).rejects.toMatchObject({ name: 'TronGridError', code: 'NETWORK' });
    expect(elsewhere.requests).toEqual([]);
  });

  it('the Telegram Bot API: not sent elsewhere (the token stays), retried later', async () => {
    const bot = new TelegramBotAdapter({ apiUrl: redirecting.url, token: '123456:secret-token', timeoutMs: 2_000 });
    const sent = bot.sendMessage({ chatId: 1, text: 'hello' });
    await expect(sent).rejects.toMatchObject({ name: 'BotApiError', status: null, permanent: false });
    await expect(sent).rejects.toThrow(/OutsideRedirectError/);
    expect(elsewhere.requests).toEqual([]);
  });

  // The central bank's document: tests/server/rates-cbr.test.ts ("a redirect to another origin is not followed").
});
