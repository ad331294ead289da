/**
 * The bot section (docs/adapters.md "Telegram bot"), `config.bot`: how the app's Telegram bot sends messages
 * (BOT_ADAPTER) and how its webhook is checked (BOT_WEBHOOK_SECRET). The bot's token is the Mini App's own
 * TELEGRAM_BOT_TOKEN (core section: it also verifies init data). Default: `sandbox` with SANDBOX on (the outbox under
 * /api/dev), else `telegram` when TELEGRAM_BOT_TOKEN is set, else `none` (nothing is sent). Production refuses the
 * sandbox and an unset choice; `telegram` needs the token and the webhook secret.
 */
import { coreVars } from './core';
import { defineSection, type SectionContext } from './section';
import { Invalid, v, variable } from './vars';

const BOT_ADAPTERS = ['sandbox', 'telegram', 'none'] as const;
export type BotAdapterName = (typeof BOT_ADAPTERS)[number];
const TELEGRAM_BOT_API_URL = 'https://api.telegram.org';

export interface BotConfig {
  adapter: BotAdapterName;
  /** Bot API base URL, no trailing slash (tests point it at a fake). */
  apiUrl: string;
  /** TELEGRAM_BOT_TOKEN; never logged, sent only in the Bot API's path. */
  token: string | undefined;
  /** Telegram sends it in X-Telegram-Bot-Api-Secret-Token (setWebhook secret_token); unset = every update refused. */
  webhookSecret: string | undefined;
  timeoutMs: number;
}

const adapterOf = (chosen: BotAdapterName | undefined, { sandbox }: SectionContext, token: string | undefined): BotAdapterName =>
  chosen ?? (sandbox ? 'sandbox' : token ? 'telegram' : 'none');

export const botSection = defineSection(
  {
    BOT_ADAPTER: v.oneOf(BOT_ADAPTERS, {
      default: '`sandbox` with SANDBOX on, else `telegram` with TELEGRAM_BOT_TOKEN, else `none`',
      doc: 'bot messages (notifications, /start answers): the sandbox outbox, the Telegram Bot API, or none; required in production',
    }),
    BOT_API_URL: variable({ default: TELEGRAM_BOT_API_URL, doc: 'Bot API base URL (tests point it at a fake)' }, (raw) => {
      if (raw !== undefined && !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(raw)) throw new Invalid(`must be an http(s) URL like ${TELEGRAM_BOT_API_URL}, got "${raw}"`);
      return (raw ?? TELEGRAM_BOT_API_URL).replace(/\/+$/, '');
    }),
    // Telegram allows 1-256 characters A-Z a-z 0-9 _ -; the value is never echoed in the error.
    BOT_WEBHOOK_SECRET: variable({ doc: 'the setWebhook `secret_token` the bot webhook requires (1..256 of A-Z a-z 0-9 _ -); required with BOT_ADAPTER=telegram in production' }, (raw) => {
      if (raw !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(raw)) throw new Invalid('must be 1..256 characters of A-Z a-z 0-9 _ -');
      return raw;
    }),
    BOT_TIMEOUT_MS: v.int(10_000, 100, 120_000, { doc: "one Bot API call's time limit" }),
    // Declared by the core section (listed there in the docs table).
    TELEGRAM_BOT_TOKEN: coreVars.TELEGRAM_BOT_TOKEN,
  },
  (values, context): BotConfig => {
    const adapter = adapterOf(values.BOT_ADAPTER, context, values.TELEGRAM_BOT_TOKEN);
    if (adapter === 'sandbox' && !context.sandbox && context.nodeEnv !== 'production') throw new Invalid('BOT_ADAPTER=sandbox needs SANDBOX=true (its outbox is under /api/dev)');
    if (adapter === 'telegram' && !values.TELEGRAM_BOT_TOKEN) throw new Invalid('BOT_ADAPTER=telegram needs TELEGRAM_BOT_TOKEN');
    return { adapter, apiUrl: values.BOT_API_URL, token: values.TELEGRAM_BOT_TOKEN, webhookSecret: values.BOT_WEBHOOK_SECRET, timeoutMs: values.BOT_TIMEOUT_MS };
  },
  (values) => {
    if (values.BOT_ADAPTER === undefined) {
      return ['BOT_ADAPTER is required: set BOT_ADAPTER=telegram (with BOT_WEBHOOK_SECRET) to send notifications, or BOT_ADAPTER=none to run without the bot'];
    }
    if (values.BOT_ADAPTER === 'sandbox') return ['BOT_ADAPTER=sandbox keeps every message in the database, unsent: set BOT_ADAPTER=telegram (or none)'];
    if (values.BOT_ADAPTER === 'telegram' && !values.BOT_WEBHOOK_SECRET) {
      return ['BOT_WEBHOOK_SECRET is required with BOT_ADAPTER=telegram (the secret_token given to setWebhook; without it anyone could post updates)'];
    }
    return [];
  },
);
