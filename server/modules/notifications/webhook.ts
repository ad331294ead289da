import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { BOT_SECRET_HEADER, BOT_WEBHOOK_PATH } from '../../adapters/telegram-bot';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { DomainError, httpErrors } from '../../http/errors';
import { enqueueJob } from '../../jobs';
import { setBotBlocked } from './store';
import { languageOf } from './texts';

export const BOT_REPLY_JOB = 'bot.reply';
/**
 * A Telegram contact the user picked (the "Choose a contact" button's `users_shared`) or sent (a contact card with a
 * Telegram user id) in the private chat: handled by the transfers module, which answers with a button into the app on
 * the confirm step of a transfer to that person (docs/transfers.md "Transfers between users").
 */
export const BOT_CONTACT_SHARED_JOB = 'transfers.contactShared';
export interface ContactSharedPayload {
  chatId: number;
  telegramUserId: number;
  language: 'en' | 'ru';
}

/** The part of a Telegram Update (https://core.telegram.org/bots/api#update) the bot reads; the rest is ignored. */
const Update = z.object({
  update_id: z.int(),
  message: z.optional(
    z.object({
      chat: z.object({ id: z.int(), type: z.string() }),
      from: z.optional(z.object({ language_code: z.optional(z.string()) })),
      text: z.optional(z.string()),
      users_shared: z.optional(z.object({ request_id: z.int(), users: z.array(z.object({ user_id: z.number() })) })),
      contact: z.optional(z.object({ user_id: z.optional(z.number()) })),
    }),
  ),
  /** The bot's membership in a chat changed: in a private chat, 'kicked' = the user blocked the bot, 'member' = unblocked. */
  my_chat_member: z.optional(z.object({ chat: z.object({ id: z.int(), type: z.string() }), new_chat_member: z.object({ status: z.string() }) })),
});

/** Equal-time comparison of two secrets of any length (both hashed first, so the length leaks nothing either). */
const sameSecret = (given: string, expected: string): boolean =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/**
 * POST /api/webhooks/telegram-bot (docs/api.md "Telegram bot webhook"): Telegram's updates. The secret_token given to
 * setWebhook must come in X-Telegram-Bot-Api-Secret-Token (compared in constant time; wrong or missing → 401, and
 * no secret configured → every update 401). A private-chat `/start [payload]` enqueues the answer (job 'bot.reply',
 * once per update_id: Telegram redelivers until it gets a 2xx) and, like a `my_chat_member` update saying the user
 * unblocked the bot, clears the linked account's botBlocked (one saying they blocked it sets it); everything else is
 * acknowledged and ignored.
 */
export const registerBotWebhook = async (app: FastifyInstance, deps: { db: Db; clock: Clock; secret: string | undefined; enabled: boolean }): Promise<void> => {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(BOT_WEBHOOK_PATH, async (request) => {
      const given = request.headers[BOT_SECRET_HEADER];
      if (!deps.secret || typeof given !== 'string' || !sameSecret(given, deps.secret)) {
        throw httpErrors.unauthorized('The bot webhook needs the X-Telegram-Bot-Api-Secret-Token header with the secret given to setWebhook.');
      }
      let json: unknown;
      try {
        json = JSON.parse(typeof request.body === 'string' ? request.body : '');
      } catch {
        throw new DomainError('api', 'MALFORMED_JSON', 'The body is not valid JSON.', 400);
      }
      const parsed = Update.safeParse(json);
      if (!parsed.success) throw httpErrors.validation({ body: 'Not a Telegram update.' });
      const membership = parsed.data.my_chat_member;
      if (deps.enabled && membership?.chat.type === 'private' && ['kicked', 'member'].includes(membership.new_chat_member.status)) {
        await setChatBlocked(deps, membership.chat.id, membership.new_chat_member.status === 'kicked');
        return { success: true, data: { handled: true } };
      }
      const message = parsed.data.message;
      const shared = message?.users_shared?.users[0]?.user_id ?? message?.contact?.user_id;
      if (deps.enabled && message?.chat.type === 'private' && shared !== undefined && Number.isSafeInteger(shared) && shared > 0) {
        await enqueueJob(deps.db, {
          kind: BOT_CONTACT_SHARED_JOB,
          payload: { chatId: message.chat.id, telegramUserId: shared, language: languageOf(message.from?.language_code) } satisfies ContactSharedPayload,
          dedupeKey: `${BOT_CONTACT_SHARED_JOB}:${parsed.data.update_id}`,
          maxAttempts: 5,
        });
        return { success: true, data: { handled: true } };
      }
      const command = message?.text?.trim().match(/^\/start(?:@\w+)?(?:\s+(\S+))?$/);
      if (!deps.enabled || !message || message.chat.type !== 'private' || !command) return { success: true, data: { handled: false } };
      await setChatBlocked(deps, message.chat.id, false);
      await enqueueJob(deps.db, {
        kind: BOT_REPLY_JOB,
        payload: { chatId: message.chat.id, language: languageOf(message.from?.language_code), ...(command[1] ? { startParam: command[1] } : {}) },
        dedupeKey: `${BOT_REPLY_JOB}:${parsed.data.update_id}`,
        maxAttempts: 5,
      });
      return { success: true, data: { handled: true } };
    });
  });
};

/** The accounts linked to this Telegram chat: their botBlocked set or cleared. */
const setChatBlocked = async ({ db, clock }: { db: Db; clock: Clock }, chatId: number, blocked: boolean): Promise<void> => {
  const users = await db.query<{ id: string }>('SELECT id FROM users WHERE telegram_id = $1', [chatId]);
  for (const { id } of users) await setBotBlocked(db, id, blocked, clock.now());
};
