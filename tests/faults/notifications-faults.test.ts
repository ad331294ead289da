/**
 * Bot notifications across a kill -9 of the sending process (issue 15 "The bot"): the server (PGlite data folder)
 * sends through the Bot API to a fake Telegram in this process, which holds its answers; the server is killed with
 * notifications in flight (unanswered: Telegram never accepted them) and started again on the same folder. Every
 * event's notification is then delivered exactly once, and the events after the restart once too. The other boundary
 * (a crash after Telegram accepted a message, before the server recorded it) is the documented at-least-once window
 * (docs/notifications.md "Bot notifications"); a crash after the record and before the job's ack is covered by
 * tests/server/notifications.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sign } from '@telegram-apps/init-data-node';
import { afterAll, describe, expect, it } from 'vitest';
import { killServerProcess, SANDBOX_TEST_TOKEN, sandboxServerEnv, startServerProcess, stopServerProcess, waitForIdleJobs, type ServerProcess } from '../../scripts/load/server-process';
import { startFakeBotApi, type FakeBotApi } from '../server/fakes/telegram-bot';
import { sleep } from './support';

const USERS = 6;
const dataDir = mkdtempSync(join(tmpdir(), 'faults-bot-'));
let fake: FakeBotApi | undefined;
let server: ServerProcess | undefined;
afterAll(async () => {
  if (server) await stopServerProcess(server).catch(() => {});
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const call = async (base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), 'x-sandbox-token': SANDBOX_TEST_TOKEN, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data?: any };
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(json)}`);
  return json.data;
};

/** A verified account linked to Telegram chat `chatId` (signed up with signed init data). */
const linkedUser = async (base: string, token: string, chatId: number, n: number) => {
  const email = `bot-fault-${Date.now().toString(36)}-${n}@example.com`;
  await call(base, 'POST', '/api/auth/send-code', { email, purpose: 'signup' });
  const mailbox = await call(base, 'GET', `/api/dev/mailbox?email=${encodeURIComponent(email)}`);
  const code = mailbox.messages[0].code as string;
  const initData = sign({ user: { id: chatId, first_name: 'Bot' }, query_id: 'AAHdF6IQAAAAAN0XohDhrOrc', chat_type: 'sender' } as Parameters<typeof sign>[0], token, new Date());
  const tokens = await call(
    base,
    'POST',
    '/api/auth/register',
    { email, code, firstName: 'Bot', lastName: 'Fault', phoneNumber: '+79991234567', country: 'RUS' },
    { 'x-telegram-init-data': initData },
  );
  await call(base, 'POST', '/api/dev/users/verification', { email, status: 'verified' });
  return { chatId, accessToken: tokens.accessToken as string };
};

const deposit = async (base: string, user: { accessToken: string }, whole: number) => {
  const wallet = await call(base, 'GET', '/api/wallet', undefined, { authorization: `Bearer ${user.accessToken}` });
  const result = await call(base, 'POST', '/api/dev/tron/transfers', { amount: `${whole}.${wallet.usdtDepositTag}` });
  expect(result.outcome.status).toBe('credited');
};

const deliveredTo = (chatId: number) => fake!.delivered.filter((m) => m.chatId === chatId);

describe('bot notifications across kill -9', () => {
  it('notifications in flight when the sender is killed are delivered once after the restart; later ones once too', async () => {
    fake = await startFakeBotApi();
    const env = sandboxServerEnv({
      DATA_DIR: dataDir,
      JWT_SECRET: 'faults-bot-jwt-secret-0123456789abcdef',
      JOBS_LEASE_MS: '3000',
      BOT_ADAPTER: 'telegram',
      TELEGRAM_BOT_TOKEN: fake.token,
      BOT_API_URL: fake.url,
      BOT_TIMEOUT_MS: '60000',
    });
    server = await startServerProcess('bot-1', env, { timeoutMs: 240_000 });
    const users = [];
    for (let i = 0; i < USERS; i++) users.push(await linkedUser(server.url, fake.token, 930_000_000 + i, i));
    // Sign-ups send no notification; the sign-ins that follow a kill are not part of this test.
    expect(fake.requests).toBe(0);

    // Telegram stops answering; every user gets a top-up; the worker's sends hang in flight.
    fake.hold();
    for (const user of users) await deposit(server.url, user, 30);
    const deadline = Date.now() + 20_000;
    while (fake.held < 2 && Date.now() < deadline) await sleep(50);
    expect(fake.held).toBeGreaterThanOrEqual(2);
    const inFlight = fake.held;

    await killServerProcess(server);
    expect(server.child.signalCode).toBe('SIGKILL');
    fake.dropHeld(); // the killed process's requests were never accepted by Telegram: nothing was delivered
    expect(fake.delivered).toHaveLength(0);

    server = await startServerProcess('bot-2', env, { timeoutMs: 240_000 });
    await waitForIdleJobs(server.url, 60_000);
    for (const user of users) expect(deliveredTo(user.chatId), `chat ${user.chatId}`).toHaveLength(1);
    expect(fake.delivered).toHaveLength(USERS);
    console.log(`  ${inFlight} sends in flight at the kill; ${fake.requests} Bot API requests, ${fake.delivered.length} delivered`);

    // After the restart: one more event each, one more message each.
    for (const user of users) await deposit(server.url, user, 31);
    await waitForIdleJobs(server.url, 60_000);
    for (const user of users) expect(deliveredTo(user.chatId), `chat ${user.chatId}`).toHaveLength(2);
    for (const message of fake.delivered) expect(message.text).toMatch(/^Top-up credited: \$3[01]\.\d\d \(USDT\)\.$/);
  }, 600_000);
});
