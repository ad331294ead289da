import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { defineEndpoint, Timestamp } from '@/shared/contract/core';
import type { Db } from '../../db/db';
import { route } from '../../http/route';
import { readSandboxBotOutbox } from '../bot';
import { requireSandboxToken } from './dev';

/** Sandbox: what the bot "sent" to a Telegram chat (sandbox bot adapter), newest first. Needs X-Sandbox-Token. */
const devBotOutbox = defineEndpoint({
  id: 'dev.botOutbox',
  method: 'GET',
  path: '/api/dev/bot-outbox',
  auth: 'none',
  tag: 'dev',
  summary: 'Sandbox: latest bot messages to a Telegram chat (newest first). Needs X-Sandbox-Token (SANDBOX_TOKEN).',
  query: z.object({ chatId: z.coerce.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER)) }),
  response: z.object({
    messages: z.array(
      z.object({
        id: z.number(),
        chatId: z.number(),
        text: z.string(),
        button: z.nullable(z.object({ text: z.string(), url: z.string() })),
        createdAt: Timestamp,
      }),
    ),
  }),
});

export const registerBotDevRoutes = (app: FastifyInstance, db: Db, sandboxToken: string): void => {
  route(app, devBotOutbox, async ({ query, request }) => {
    requireSandboxToken(request, sandboxToken, 'sandbox bot outbox');
    return { messages: await readSandboxBotOutbox(db, query.chatId) };
  });
};
