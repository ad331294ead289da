/**
 * `npm run bot:set-webhook` (server/cli/bot-webhook.ts, docs/deploy.md "Launch"): registers the webhook with its secret
 * against a fake Bot API on loopback, and refuses to run without the values it needs.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBotWebhook } from '../../server/cli/bot-webhook-command';
const calls: Array<{ path: string; body: any }> = [];
let api: Server;
let apiUrl: string;
beforeAll(async () => {
  api = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const body = text ? JSON.parse(text) : {};
      calls.push({ path: request.url ?? '', body });
      const result = request.url?.endsWith('/getWebhookInfo') ? { url: calls.find((c) => c.path.endsWith('/setWebhook'))?.body.url, pending_update_count: 0 } : true;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result }));
    });
  });
  await new Promise<void>((done) => api.listen(0, '127.0.0.1', done));
  const address = api.address();
  apiUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise((done) => api.close(done)));

/** The command's work with `env` as its environment: its line, or its refusal. */
const run = async (env: Record<string, string>): Promise<{ code: number; output: string }> =>
  setBotWebhook(env).then(
    (line) => ({ code: 0, output: line }),
    (error: Error) => ({ code: 1, output: error.message }),
  );

describe('npm run bot:set-webhook', () => {
  it('sets the webhook on PUBLIC_ORIGIN with its secret as a POST body (the token only in the Bot API path) and prints what Telegram has', async () => {
    const token = '123456:webhook-command-token';
    const { code, output } = await run({ TELEGRAM_BOT_TOKEN: token, BOT_WEBHOOK_SECRET: 'hook-secret_0123', PUBLIC_ORIGIN: 'https://wallet.example.com', BOT_API_URL: apiUrl });
    expect(code, output).toBe(0);
    const set = calls.find((call) => call.path === `/bot${token}/setWebhook`)!;
    expect(set.body).toEqual({ url: 'https://wallet.example.com/api/webhooks/telegram-bot', secret_token: 'hook-secret_0123', allowed_updates: ['message'] });
    expect(output).toContain('webhook set: https://wallet.example.com/api/webhooks/telegram-bot (pending updates: 0)');
    expect(output).not.toContain(token);
  });

  it('without the token, the secret or the public origin it names what to set and does nothing', async () => {
    const before = calls.length;
    const { code, output } = await run({ BOT_API_URL: apiUrl });
    expect(code).toBe(1);
    expect(output).toContain('Set TELEGRAM_BOT_TOKEN, BOT_WEBHOOK_SECRET, PUBLIC_ORIGIN');
    expect(calls.length).toBe(before);
  });
});
