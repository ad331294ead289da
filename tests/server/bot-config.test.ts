/**
 * The bot section (server/config/bot.ts, docs/adapters.md "Telegram bot"): BOT_ADAPTER's defaults, the Bot API URL and
 * webhook secret checks, and production refusing the sandbox outbox, an unset choice and an unguarded webhook.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { PRODUCTION_ENV } from './production-env';

const dev = { NODE_ENV: 'test', DATA_DIR: 'memory://' };

describe('bot configuration', () => {
  it('defaults: the sandbox outbox with SANDBOX on; Telegram with a token and no sandbox; else none', () => {
    expect(loadConfig(dev).bot).toEqual({ adapter: 'sandbox', apiUrl: 'https://api.telegram.org', token: undefined, webhookSecret: undefined, timeoutMs: 10_000 });
    expect(loadConfig({ ...dev, SANDBOX: 'false', TELEGRAM_BOT_TOKEN: '1:t' }).bot).toMatchObject({ adapter: 'telegram', token: '1:t' });
    expect(loadConfig({ ...dev, SANDBOX: 'false' }).bot.adapter).toBe('none');
    expect(loadConfig({ ...dev, BOT_ADAPTER: 'none' }).bot.adapter).toBe('none');
    expect(loadConfig({ ...dev, BOT_API_URL: 'http://127.0.0.1:9/', BOT_WEBHOOK_SECRET: 'a_B-9' }).bot).toMatchObject({ apiUrl: 'http://127.0.0.1:9', webhookSecret: 'a_B-9' });
  });

  it.each([
    [{ BOT_ADAPTER: 'slack' }, /BOT_ADAPTER must be one of sandbox, telegram, none/],
    [{ BOT_API_URL: 'ftp://x' }, /BOT_API_URL must be an http\(s\) URL/],
    [{ BOT_WEBHOOK_SECRET: 'has space' }, /BOT_WEBHOOK_SECRET must be 1\.\.256 characters/],
    [{ BOT_ADAPTER: 'telegram' }, /BOT_ADAPTER=telegram needs TELEGRAM_BOT_TOKEN/],
    [{ BOT_ADAPTER: 'sandbox', SANDBOX: 'false' }, /BOT_ADAPTER=sandbox needs SANDBOX=true/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig({ ...dev, ...env })).toThrow(message);
  });

  it('the secret is never echoed in the error', () => {
    expect(() => loadConfig({ ...dev, BOT_WEBHOOK_SECRET: 'secret value!' })).toThrow(ConfigError);
    try {
      loadConfig({ ...dev, BOT_WEBHOOK_SECRET: 'secret value!' });
    } catch (error) {
      expect(String(error)).not.toContain('secret value!');
    }
  });

  it('production: telegram with its secret starts; the sandbox, an unset choice or no webhook secret are refused, saying what to set', () => {
    expect(loadConfig(PRODUCTION_ENV).bot).toMatchObject({ adapter: 'telegram', webhookSecret: 'bot-webhook-secret-0123' });
    expect(loadConfig({ ...PRODUCTION_ENV, BOT_ADAPTER: 'none', BOT_WEBHOOK_SECRET: '' }).bot.adapter).toBe('none');
    const { BOT_ADAPTER: _unset, ...withoutChoice } = PRODUCTION_ENV;
    expect(() => loadConfig(withoutChoice)).toThrow(/BOT_ADAPTER is required: set BOT_ADAPTER=telegram/);
    expect(() => loadConfig({ ...PRODUCTION_ENV, BOT_ADAPTER: 'sandbox' })).toThrow(/BOT_ADAPTER=sandbox keeps every message in the database/);
    expect(() => loadConfig({ ...PRODUCTION_ENV, BOT_WEBHOOK_SECRET: '' })).toThrow(/BOT_WEBHOOK_SECRET is required with BOT_ADAPTER=telegram/);
  });
});
