/**
 * Adapter choice by environment variable (server/config/adapters.ts, docs/adapters.md "Configuration"): the sandbox
 * adapters by default with SANDBOX on, production refusing a sandbox adapter or an unset choice and saying what to set.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { PRODUCTION_ENV } from './production-env';

const production = PRODUCTION_ENV;
const dev = { NODE_ENV: 'test', DATA_DIR: 'memory://' };

describe('adapter choice', () => {
  it('defaults: the sandboxes with SANDBOX on, none without (mail: SMTP when SMTP_URL is set)', () => {
    expect(loadConfig(dev).adapters).toMatchObject({
      rates: { adapter: 'sandbox', explicit: false },
      cardIssuer: { adapter: 'sandbox' },
      sbpAcquirer: { adapter: 'sandbox' },
      mail: { adapter: 'sandbox' },
    });
    expect(loadConfig({ ...dev, SANDBOX: 'false', SMTP_URL: 'smtp://localhost:25' }).adapters).toMatchObject({
      rates: { adapter: 'none' },
      cardIssuer: { adapter: 'none' },
      sbpAcquirer: { adapter: 'none' },
      mail: { adapter: 'smtp' },
    });
  });

  it('RATES_PROVIDER=cbr with its settings and defaults (the official daily document)', () => {
    expect(loadConfig({ ...dev, RATES_PROVIDER: 'cbr' }).adapters.rates).toEqual({
      adapter: 'cbr',
      explicit: true,
      cbr: { url: 'https://www.cbr.ru/scripts/XML_daily.asp', refreshSeconds: 3600, retrySeconds: 60, maxAgeSeconds: 86_400, timeoutMs: 5000 },
      bounds: { min: '10', max: '1000', maxChangeBps: 2500 },
    });
    expect(
      loadConfig({ ...dev, RATES_PROVIDER: 'cbr', CBR_RATES_URL: 'http://127.0.0.1:9/x', RATES_MAX_AGE_SECONDS: '7200', RATES_REFRESH_SECONDS: '600' }).adapters.rates.cbr,
    ).toMatchObject({ url: 'http://127.0.0.1:9/x', maxAgeSeconds: 7200, refreshSeconds: 600 });
  });

  it.each([
    [{ RATES_PROVIDER: 'ecb' }, /RATES_PROVIDER must be one of sandbox, cbr, none/],
    [{ CBR_RATES_URL: 'ftp://cbr.ru/x' }, /CBR_RATES_URL must be an http\(s\) URL/],
    [{ RATES_MAX_AGE_SECONDS: 'soon' }, /RATES_MAX_AGE_SECONDS must be an integer/],
    [{ RATES_FETCH_TIMEOUT_MS: '0' }, /RATES_FETCH_TIMEOUT_MS must be an integer 100\.\.60000/],
    [{ RATES_MAX_AGE_SECONDS: '3600', RATES_REFRESH_SECONDS: '3600' }, /RATES_MAX_AGE_SECONDS must be larger than RATES_REFRESH_SECONDS/],
    [{ RATES_MIN_USD_RUB: '0' }, /RATES_MIN_USD_RUB must be a positive rate/],
    [{ RATES_MIN_USD_RUB: '200', RATES_MAX_USD_RUB: '100' }, /RATES_MIN_USD_RUB must be below RATES_MAX_USD_RUB/],
    [{ CARD_ISSUER_ADAPTER: 'acme' }, /CARD_ISSUER_ADAPTER must be one of sandbox, none/],
    [{ SBP_ACQUIRER_ADAPTER: 'x' }, /SBP_ACQUIRER_ADAPTER must be one of sandbox, none/],
    [{ MAIL_ADAPTER: 'smtp' }, /MAIL_ADAPTER=smtp needs SMTP_URL/],
    [{ SANDBOX: 'false', CARD_ISSUER_ADAPTER: 'sandbox' }, /CARD_ISSUER_ADAPTER=sandbox needs SANDBOX=true/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig({ ...dev, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...dev, ...env })).toThrow(message);
  });

  it('MAIL_ADAPTER=sandbox keeps mail in the sandbox mailbox even with SMTP_URL set', () => {
    expect(loadConfig({ ...dev, SMTP_URL: 'smtp://localhost:25', MAIL_ADAPTER: 'sandbox' }).adapters.mail.adapter).toBe('sandbox');
  });
});

describe('NODE_ENV=production and the adapters', () => {
  it('starts with real mail and rates and an explicit "none" for the issuer and the acquirer', () => {
    expect(loadConfig(production).adapters).toMatchObject({
      rates: { adapter: 'cbr' },
      cardIssuer: { adapter: 'none', explicit: true },
      sbpAcquirer: { adapter: 'none', explicit: true },
      mail: { adapter: 'smtp' },
    });
  });

  it.each([
    ['RATES_PROVIDER', 'sandbox', /RATES_PROVIDER=sandbox is a simulated market: set RATES_PROVIDER=cbr/],
    ['CARD_ISSUER_ADAPTER', 'sandbox', /CARD_ISSUER_ADAPTER=sandbox is a simulated issuer: connect a real issuer adapter \(docs\/adapters\.md\)/],
    ['SBP_ACQUIRER_ADAPTER', 'sandbox', /SBP_ACQUIRER_ADAPTER=sandbox is a simulated acquirer/],
    ['MAIL_ADAPTER', 'sandbox', /SMTP_URL is required \(MAIL_ADAPTER=smtp\)/],
  ])('refuses %s=%s, saying what to set', (name, value, message) => {
    expect(() => loadConfig({ ...production, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, [name]: value })).toThrow(message);
  });

  it.each([
    ['RATES_PROVIDER', /RATES_PROVIDER is required: set RATES_PROVIDER=cbr/],
    ['CARD_ISSUER_ADAPTER', /CARD_ISSUER_ADAPTER is required: no production card issuer adapter ships yet/],
    ['SBP_ACQUIRER_ADAPTER', /SBP_ACQUIRER_ADAPTER is required: no production SBP acquirer adapter ships yet/],
    ['SMTP_URL', /SMTP_URL is required/],
  ])('refuses an unset %s', (name, message) => {
    const { [name as keyof typeof production]: _drop, ...env } = production;
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('the KYC provider (docs/ops.md "Verification")', () => {
  it('the sandbox provider with SANDBOX on, none without and in production (operators review by hand)', () => {
    expect(loadConfig(dev).kyc).toMatchObject({ provider: 'sandbox', autoApprove: false });
    expect(loadConfig({ ...dev, SANDBOX: 'false', SMTP_URL: 'smtp://localhost:25' }).kyc.provider).toBe('none');
    expect(loadConfig(production).kyc).toMatchObject({ provider: 'none', autoApprove: false });
    expect(loadConfig({ ...dev, KYC_AUTO_APPROVE: 'true', KYC_WEBHOOK_SECRET: 'k'.repeat(32) }).kyc).toMatchObject({ autoApprove: true, webhookSecret: 'k'.repeat(32) });
  });

  it.each([
    [{ KYC_PROVIDER: 'acme' }, /KYC_PROVIDER must be one of sandbox, none/],
    [{ KYC_WEBHOOK_SECRET: 'short' }, /KYC_WEBHOOK_SECRET/],
    [{ SANDBOX: 'false', SMTP_URL: 'smtp://localhost:25', KYC_PROVIDER: 'sandbox' }, /KYC_PROVIDER=sandbox needs SANDBOX=true/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig({ ...dev, ...env })).toThrow(message);
  });

  it.each([
    ['KYC_PROVIDER', 'sandbox', /KYC_PROVIDER=sandbox is a simulated provider/],
    ['KYC_AUTO_APPROVE', 'true', /KYC_AUTO_APPROVE is refused in production: a provider’s approval is shown to the reviewing operator/],
  ])('production refuses %s=%s: a person decides', (name, value, message) => {
    expect(() => loadConfig({ ...production, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, [name]: value })).toThrow(message);
  });
});
