import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppConfig } from '@/shared/contract';
import { loadWalletSettings, toAppConfig, WalletSettingsError } from '../../server/modules/config';
import { createTestApp, type TestApp } from './harness';
import { verifiedUser, type TestUser } from './wallet-support';

let t: TestApp;
let ann: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ann = await verifiedUser(t);
});
afterAll(() => t.close());

const base = { sandbox: true, jwtSecret: 'x'.repeat(32), production: false };

describe('GET /api/config', () => {
  it('answers the limits, fees and addresses the app needs (bearer only)', async () => {
    expect((await t.call({ method: 'GET', url: '/api/config' })).status).toBe(401);
    const res = await t.call({ method: 'GET', url: '/api/config', headers: ann.headers });
    expect(res.status).toBe(200);
    expect(AppConfig.safeParse(res.body.data).success).toBe(true);
    expect(res.body.data).toMatchObject({
      usdt: { network: 'TRON', standard: 'TRC20', token: 'USDT', minDeposit: { amount: 1_000, currency: 'USD' }, tagDecimals: 6 },
      sbp: { minAmount: { amount: 10_000, currency: 'RUB' }, maxAmount: { amount: 30_000_000, currency: 'RUB' }, paymentTtlSeconds: 900 },
      exchange: { feeBps: 50, quoteTtlSeconds: 60, minAmounts: [{ amount: 100, currency: 'USD' }, { amount: 10_000, currency: 'RUB' }], maxAmounts: [{ amount: 10_000_00, currency: 'USD' }, { amount: 1_000_000_00, currency: 'RUB' }] },
      verification: { codeLength: 6, resendCountdownSeconds: 60 },
    });
    expect(res.body.data.usdt.depositAddress).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(res.body.data.support.telegramUrl).toBe(`https://t.me/${res.body.data.support.telegramUsername}`);
  });
});

describe('wallet settings from the environment', () => {
  it('reads limits in major units and checks them', () => {
    const settings = loadWalletSettings(
      { SBP_MIN_AMOUNT_RUB: '50', SBP_MAX_AMOUNT_RUB: '150000.50', EXCHANGE_FEE_BPS: '100', USDT_MIN_DEPOSIT: '5', EXCHANGE_QUOTE_TTL_SECONDS: '120' },
      base,
    );
    expect(settings.sbp).toMatchObject({ minAmount: 5_000, maxAmount: 15_000_050 });
    expect(settings.exchange).toMatchObject({ feeBps: 100, quoteTtlSeconds: 120, quoteMinRemainingSeconds: 30 });
    expect(toAppConfig(settings).usdt.minDeposit).toEqual({ amount: 500, currency: 'USD' });
    for (const env of [
      { SBP_MIN_AMOUNT_RUB: '-1' },
      { SBP_MIN_AMOUNT_RUB: '1.234' },
      { SBP_MIN_AMOUNT_RUB: '500', SBP_MAX_AMOUNT_RUB: '100' },
      { EXCHANGE_FEE_BPS: '5000' },
      { USDT_DEPOSIT_ADDRESS: '0xdeadbeef' },
      { SANDBOX_USD_RUB_RATE: 'abc' },
      { SBP_WEBHOOK_SECRET: 'short' },
    ]) {
      expect(() => loadWalletSettings(env, base), JSON.stringify(env)).toThrow(WalletSettingsError);
    }
  });

  it('requires an SBP webhook secret in production without the sandbox', () => {
    expect(() => loadWalletSettings({}, { ...base, sandbox: false, production: true })).toThrow(/SBP_WEBHOOK_SECRET/);
    expect(loadWalletSettings({ SBP_WEBHOOK_SECRET: 's'.repeat(32) }, { ...base, sandbox: false, production: true }).sbp.webhookSecret).toBe('s'.repeat(32));
  });
});
