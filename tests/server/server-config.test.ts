/** Server configuration (server/config.ts): production refuses what would lose money or let people in. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configVariables, loadConfig } from '../../server/config';
import { configTable } from '../../scripts/config-table';
import { PRODUCTION_ENV } from './production-env';

/** A production environment that starts: every required value set. */
const production = PRODUCTION_ENV;

describe('NODE_ENV=production refuses to start without what it needs', () => {
  it('starts with every required value', () => {
    const config = loadConfig(production);
    expect(config).toMatchObject({ nodeEnv: 'production', sandbox: false, publicOrigin: 'https://wallet.example.com', trustProxy: false });
  });

  it.each([
    ['DATABASE_URL', /DATABASE_URL is required/],
    ['TELEGRAM_BOT_TOKEN', /TELEGRAM_BOT_TOKEN is required/],
    ['METRICS_TOKEN', /METRICS_TOKEN is required/],
    ['PUBLIC_ORIGIN', /PUBLIC_ORIGIN is required/],
    ['SMTP_URL', /SMTP_URL is required/],
    ['SBP_WEBHOOK_SECRET', /SBP_WEBHOOK_SECRET is required/],
  ])('without %s: refused, naming what to set', (name, message) => {
    const { [name as keyof typeof production]: _drop, ...env } = production;
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    expect(() => loadConfig({ ...env, [name]: '  ' })).toThrow(message);
  });

  it('with SANDBOX=true: refused (it would open /api/dev/*)', () => {
    expect(() => loadConfig({ ...production, SANDBOX: 'true' })).toThrow(/SANDBOX must be off/);
  });

  it('lists every problem at once', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(40), SANDBOX: 'true' })).toThrow(
      /PUBLIC_ORIGIN[\s\S]*DATABASE_URL[\s\S]*TELEGRAM_BOT_TOKEN[\s\S]*SANDBOX[\s\S]*METRICS_TOKEN/,
    );
  });

  it('development and test need none of them', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://' })).toMatchObject({ sandbox: true, publicOrigin: 'http://127.0.0.1:3000' });
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: 'memory://', HOST: '0.0.0.0', PORT: '4000' }).publicOrigin).toBe('http://localhost:4000');
  });
});

describe('PUBLIC_ORIGIN, TRUST_PROXY, timeouts, SANDBOX_TOKEN', () => {
  const dev = { NODE_ENV: 'test', DATA_DIR: 'memory://' };
  it('PUBLIC_ORIGIN must be one origin', () => {
    expect(loadConfig({ ...dev, PUBLIC_ORIGIN: 'https://wallet.example.com/' }).publicOrigin).toBe('https://wallet.example.com');
    for (const bad of ['wallet.example.com', 'https://wallet.example.com/app', 'ftp://x.example', 'https://a.example,https://b.example']) {
      expect(() => loadConfig({ ...dev, PUBLIC_ORIGIN: bad }), bad).toThrow(/PUBLIC_ORIGIN/);
    }
  });

  it('TRUST_PROXY: off, hops (true = 1 hop), or proxy addresses; never "trust every hop"', () => {
    expect(loadConfig(dev).trustProxy).toBe(false);
    expect(loadConfig({ ...dev, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...dev, TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ ...dev, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...dev, TRUST_PROXY: '10.0.0.1, 192.168.0.0/16, ::1' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    for (const bad of ['everything', '11', 'proxy.internal']) expect(() => loadConfig({ ...dev, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('timeouts have defaults and are configurable; headers must not outlast the request', () => {
    expect(loadConfig(dev).timeouts).toEqual({ requestMs: 30_000, headersMs: 10_000, connectionMs: 60_000, keepAliveMs: 5_000 });
    expect(loadConfig({ ...dev, REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '2000', CONNECTION_TIMEOUT_MS: '9000', KEEP_ALIVE_TIMEOUT_MS: '1000' }).timeouts).toEqual({
      requestMs: 5000,
      headersMs: 2000,
      connectionMs: 9000,
      keepAliveMs: 1000,
    });
    expect(() => loadConfig({ ...dev, REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '2000' })).toThrow(/HEADERS_TIMEOUT_MS/);
  });

  it('SANDBOX_TOKEN: taken from the environment, else random per run while the sandbox is on', () => {
    expect(loadConfig({ ...dev, SANDBOX_TOKEN: 'a-sandbox-token-0123' }).sandboxToken).toBe('a-sandbox-token-0123');
    const a = loadConfig(dev).sandboxToken;
    expect(a.length).toBeGreaterThanOrEqual(16);
    expect(loadConfig(dev).sandboxToken).not.toBe(a);
    expect(() => loadConfig({ ...dev, SANDBOX_TOKEN: 'short' })).toThrow(/SANDBOX_TOKEN/);
  });
});

describe('one schema: every module setting comes from loadConfig', () => {
  const dev = { NODE_ENV: 'test', DATA_DIR: 'memory://' };
  it('gives each module its section', () => {
    const config = loadConfig({
      ...dev,
      SBP_MIN_AMOUNT_RUB: '50',
      EXCHANGE_FEE_BPS: '100',
      CARD_ISSUER_SANDBOX_DELAY_MS: '20',
      PROMO_BONUS_AMOUNT: '2.5',
      JOBS_WORKER: 'off',
      JOBS_CONCURRENCY: '2',
    });
    expect(config.wallet.sbp.minAmount).toBe(5_000);
    expect(config.wallet.exchange.feeBps).toBe(100);
    expect(config.wallet.sandbox).toBe(true);
    expect(config.cards.sandboxIssuer).toEqual({ key: undefined, delayMs: 20 });
    expect(config.promo).toEqual({ bonusAmount: 250 });
    expect(config.jobs).toEqual({ enabled: false, concurrency: 2 });
    expect(loadConfig(dev)).toMatchObject({ cards: { sandboxIssuer: { delayMs: 1500 } }, promo: { bonusAmount: 500 }, jobs: { enabled: true } });
  });

  it('refuses a bad module setting with a ConfigError naming it', () => {
    for (const [name, value] of [
      ['CARD_ISSUER_SANDBOX_DELAY_MS', '-1'],
      ['PROMO_BONUS_AMOUNT', '0'],
      ['JOBS_POLL_MS', 'fast'],
      ['USDT_DEPOSIT_ADDRESS', '0xdeadbeef'],
    ] as const) {
      expect(() => loadConfig({ ...dev, [name]: value }), name).toThrow(ConfigError);
      expect(() => loadConfig({ ...dev, [name]: value }), name).toThrow(name);
    }
    expect(() => loadConfig({ ...dev, SBP_MIN_AMOUNT_RUB: '500', SBP_MAX_AMOUNT_RUB: '100' })).toThrow(/SBP_MIN_AMOUNT_RUB must not exceed/);
  });

  it('docs/server.md has one table of every variable, as the schema describes it', () => {
    const docs = readFileSync(resolve(import.meta.dirname, '../../docs/server.md'), 'utf8');
    expect(docs).toContain(configTable());
    for (const { name } of configVariables()) {
      // Documented once: the generated table is the only table row naming it.
      expect(docs.split('\n').filter((line) => line.startsWith(`| ${name} |`)), name).toHaveLength(1);
    }
  });
});
