import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { defineEndpoint, Timestamp } from '@/shared/contract/core';
import type { Db } from '../../db/db';
import { route } from '../../http/route';
import { readSandboxBotOutbox, readSandboxPreparedMessages, setSandboxChatBlocked } from '../bot';
import type { Clock } from '../../clock';
import { requireSandboxToken } from './dev';

const ChatId = z.coerce.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER));
const button = z.object({ text: z.string(), url: z.string() });

/** Sandbox: what the bot "sent" to a Telegram chat (sandbox bot adapter), newest first. Needs X-Sandbox-Token. */
const devBotOutbox = defineEndpoint({
  id: 'dev.botOutbox',
  method: 'GET',
  path: '/api/dev/bot-outbox',
  auth: 'none',
  tag: 'dev',
  summary: 'Sandbox: latest bot messages to a Telegram chat (newest first). Needs X-Sandbox-Token (SANDBOX_TOKEN).',
  query: z.object({ chatId: ChatId }),
  response: z.object({
    messages: z.array(
      z.object({
        id: z.number(),
        chatId: z.number(),
        text: z.string(),
        button: z.nullable(button),
        createdAt: Timestamp,
      }),
    ),
  }),
});

/** Sandbox: the user of a chat blocks the bot (its messages are then refused with Telegram's 403) or unblocks it. */
const devBotChatBlocked = defineEndpoint({
  id: 'dev.botChatBlocked',
  method: 'POST',
  path: '/api/dev/bot-chats/blocked',
  auth: 'none',
  tag: 'dev',
  summary: "Sandbox: a Telegram chat's user blocks the bot (sendMessage answers 403 Forbidden: bot was blocked by the user) or unblocks it.",
  body: z.object({ chatId: ChatId, blocked: z.boolean() }),
  response: z.object({ chatId: z.number(), blocked: z.boolean() }),
});

/** Sandbox: the messages the bot saved for a Telegram user to share (savePreparedInlineMessage), newest first. */
const devBotPreparedMessages = defineEndpoint({
  id: 'dev.botPreparedMessages',
  method: 'GET',
  path: '/api/dev/bot-prepared-messages',
  auth: 'none',
  tag: 'dev',
  summary: 'Sandbox: messages saved for a Telegram user to share from the Mini App (newest first). Needs X-Sandbox-Token.',
  query: z.object({ userId: ChatId }),
  response: z.object({
    messages: z.array(z.object({ id: z.string(), title: z.string(), description: z.nullable(z.string()), text: z.string(), button, createdAt: Timestamp })),
  }),
});

export const registerBotDevRoutes = (app: FastifyInstance, { db, clock }: { db: Db; clock: Clock }, sandboxToken: string): void => {
  route(app, devBotOutbox, async ({ query, request }) => {
    requireSandboxToken(request, sandboxToken, 'sandbox bot outbox');
    return { messages: await readSandboxBotOutbox(db, query.chatId) };
  });
  route(app, devBotChatBlocked, async ({ body }) => {
    await setSandboxChatBlocked(db, body.chatId, body.blocked, clock.now());
    return body;
  });
  route(app, devBotPreparedMessages, async ({ query, request }) => {
    requireSandboxToken(request, sandboxToken, 'sandbox bot');
    return { messages: await readSandboxPreparedMessages(db, query.userId) };
  });
};
