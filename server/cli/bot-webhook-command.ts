/**
 * What `npm run bot:set-webhook` does (server/cli/bot-webhook.ts is the command): registers the bot's webhook with Telegram,
 * with its secret (docs/deploy.md "Launch"): setWebhook to `<PUBLIC_ORIGIN>/api/webhooks/telegram-bot` with
 * `secret_token` = BOT_WEBHOOK_SECRET (Telegram sends it back in X-Telegram-Bot-Api-Secret-Token; the server refuses
 * updates without it), only the update kinds the bot handles, sent as a POST body (the token stays out of URLs and
 * shell history), then prints getWebhookInfo. Reads TELEGRAM_BOT_TOKEN, BOT_WEBHOOK_SECRET, PUBLIC_ORIGIN, BOT_API_URL.
 */
import { z } from 'zod';
import { botSection, loadSection } from '../config';
import { coreVars } from '../config/core';
import { parseVars } from '../config/section';

/** The update kinds the webhook handles (server/modules/notifications/webhook.ts: /start in a private chat). */
export const BOT_ALLOWED_UPDATES = ['message'];
export const WEBHOOK_PATH = '/api/webhooks/telegram-bot';

const call = async (apiUrl: string, token: string, method: string, body: unknown): Promise<unknown> => {
  const response = await fetch(`${apiUrl}/bot${token}/${method}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.json().catch(() => ({}))) as { ok?: boolean; result?: unknown; description?: string };
  if (!answer.ok) throw new Error(`Telegram refused ${method}: ${response.status} ${answer.description ?? ''}`.trim());
  return answer.result;
};

/** Sets the webhook from the variables in `env`; answers the line to print. Throws naming what is missing or refused. */
export const setBotWebhook = async (env: Record<string, string | undefined>): Promise<string> => {
  const { PUBLIC_ORIGIN } = parseVars(z.object(coreVars).pick({ PUBLIC_ORIGIN: true }), env);
  const bot = loadSection(botSection, env);
  const missing = [!bot.token && 'TELEGRAM_BOT_TOKEN', !bot.webhookSecret && 'BOT_WEBHOOK_SECRET', !PUBLIC_ORIGIN && 'PUBLIC_ORIGIN'].filter(Boolean);
  if (missing.length) throw new Error(`Set ${missing.join(', ')} (the values the servers run with).`);
  const url = `${PUBLIC_ORIGIN}${WEBHOOK_PATH}`;
  await call(bot.apiUrl, bot.token!, 'setWebhook', { url, secret_token: bot.webhookSecret, allowed_updates: BOT_ALLOWED_UPDATES });
  const info = (await call(bot.apiUrl, bot.token!, 'getWebhookInfo', {})) as { url?: string; pending_update_count?: number; last_error_message?: string };
  return `webhook set: ${info.url ?? url} (pending updates: ${info.pending_update_count ?? 0}${info.last_error_message ? `; last error: ${info.last_error_message}` : ''})`;
};

