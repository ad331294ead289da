/**
 * The sandbox bot's outbox (`GET /api/dev/bot-outbox?chatId=...`, SANDBOX on, X-Sandbox-Token): what the bot "sent"
 * to a Telegram chat, newest first. `readBotOutbox` reads it once; `waitForBotMessages` polls until `count` are there.
 */
import { sign } from '@telegram-apps/init-data-node';
import { expect } from 'vitest';
import { api, setVerification, uniqueEmail, type ApiUser } from './api';
import { readMailboxCode, sandboxTokenHeaders } from './mailbox';

export interface BotOutboxMessage {
  id: number;
  chatId: number;
  text: string;
  button: { text: string; url: string } | null;
  createdAt: string;
}

export async function readBotOutbox(baseUrl: string, chatId: number): Promise<BotOutboxMessage[]> {
  const response = await fetch(`${baseUrl}/api/dev/bot-outbox?chatId=${chatId}`, { headers: sandboxTokenHeaders });
  const body = (await response.json()) as { data?: { messages: BotOutboxMessage[] } };
  if (!response.ok || !body.data) throw new Error(`bot outbox → ${response.status} ${JSON.stringify(body)}`);
  return body.data.messages;
}

export async function waitForBotMessages(baseUrl: string, chatId: number, count: number, timeout = 15_000): Promise<BotOutboxMessage[]> {
  await expect.poll(async () => (await readBotOutbox(baseUrl, chatId)).length, { timeout, interval: 200 }).toBe(count);
  return readBotOutbox(baseUrl, chatId);
}

/** The bot token the server is started with (`env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN }`) so signed init data passes. */
export const BOT_TOKEN = '1234567:AAe2e-bot-token-for-tests_only';
let nextTelegramId = 810_000_000 + Math.floor(Math.random() * 1_000_000);

/** Signs up through the API from "inside Telegram" (signed init data): the account is linked to a Telegram chat. */
export async function linkedUser(baseUrl: string): Promise<ApiUser & { chatId: number }> {
  const chatId = nextTelegramId++;
  const initData = sign(
    { user: { id: chatId, first_name: 'Anna' }, query_id: 'AAHdF6IQAAAAAN0XohDhrOrc', chat_type: 'sender' } as Parameters<typeof sign>[0],
    BOT_TOKEN,
    new Date(),
  );
  const email = uniqueEmail('notify');
  await api(baseUrl, 'POST', '/api/auth/send-code', { email, purpose: 'signup' });
  const code = await readMailboxCode(baseUrl, email);
  const tokens = await api(
    baseUrl,
    'POST',
    '/api/auth/register',
    { phoneNumber: '+79991234567', country: 'RUS', email, code, firstName: 'Anna', lastName: 'Smirnova' },
    undefined,
    { 'x-telegram-init-data': initData },
  );
  await setVerification(baseUrl, email, 'verified');
  return { email, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, chatId };
}
