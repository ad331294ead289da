import type { AppConfig } from '@/shared/contract';
import { loadSection, walletSection, type WalletSettings } from '../../config';

/**
 * Wallet, exchange and top-up settings: declared in the configuration's wallet section (server/config/wallet.ts),
 * received as `config.wallet`; published here through GET /api/config.
 */
export { type WalletSettings } from '../../config';

export class WalletSettingsError extends Error {
  override name = 'WalletSettingsError';
}

type Env = Record<string, string | undefined>;

/** The wallet section alone from an environment (tests, tools); the app receives `config.wallet` from loadConfig. */
export const loadWalletSettings = (env: Env, options: { sandbox: boolean; jwtSecret: string; production: boolean }): WalletSettings =>
  loadSection(
    walletSection,
    env,
    { nodeEnv: options.production ? 'production' : 'development', sandbox: options.sandbox, jwtSecret: options.jwtSecret },
    (message) => new WalletSettingsError(message),
  );

/** GET /api/config (docs/api.md "Config"). */
export const toAppConfig = (settings: WalletSettings): AppConfig => ({
  usdt: {
    network: 'TRON',
    standard: 'TRC20',
    token: 'USDT',
    depositAddress: settings.usdt.depositAddress,
    minDeposit: { amount: settings.usdt.minDeposit, currency: 'USD' },
    confirmations: settings.usdt.confirmations,
    tagDecimals: 6,
  },
  sbp: {
    minAmount: { amount: settings.sbp.minAmount, currency: 'RUB' },
    maxAmount: { amount: settings.sbp.maxAmount, currency: 'RUB' },
    paymentTtlSeconds: settings.sbp.paymentTtlSeconds,
  },
  exchange: {
    feeBps: settings.exchange.feeBps,
    quoteTtlSeconds: settings.exchange.quoteTtlSeconds,
    minAmounts: [
      { amount: settings.exchange.minAmounts.USD, currency: 'USD' },
      { amount: settings.exchange.minAmounts.RUB, currency: 'RUB' },
    ],
    maxAmounts: [
      { amount: settings.exchange.maxAmounts.USD, currency: 'USD' },
      { amount: settings.exchange.maxAmounts.RUB, currency: 'RUB' },
    ],
  },
  cards: { ...settings.cards },
  support: {
    telegramUsername: settings.support.telegramUsername,
    telegramUrl: `https://t.me/${settings.support.telegramUsername}`,
    email: settings.support.email,
  },
  verification: { resendCountdownSeconds: settings.verification.resendCountdownSeconds, codeLength: 6 },
  app: { ...settings.app },
});
