/**
 * The sandbox bot's outbox (`GET /api/dev/bot-outbox?chatId=...`, SANDBOX on, X-Sandbox-Token): what the bot "sent"
 * to a Telegram chat, newest first. `readBotOutbox` reads it once; `waitForBotMessages` polls until `count` are there.
 */
import { expect } from 'vitest';
import { sandboxTokenHeaders } from './mailbox';

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
