import { createHash } from 'node:crypto';
import type { AppConfig } from '@/shared/contract';
import { AUTH_LIMITS } from '../auth/limits';

/**
 * Wallet, exchange and top-up settings from environment variables (docs/server.md "Wallet & ledger").
 * Everything SPEC §9 leaves "not shown" (limits, fees, rates) comes from here and reaches the client
 * through GET /api/config.
 */
export interface WalletSettings {
  sandbox: boolean;
  /** Hot system accounts (FX pool, exchange fees, SBP clearing) are split into this many shards. */
  hotAccountShards: number;
  usdt: {
    depositAddress: string;
    /** USD cents. */
    minDeposit: number;
    confirmations: number;
    /** How often each server process polls the chain (ms); 0 = only when triggered. */
    pollMs: number;
  };
  sbp: {
    /** RUB kopecks. */
    minAmount: number;
    maxAmount: number;
    paymentTtlSeconds: number;
    /** HMAC-SHA256 key of the acquirer's callbacks. */
    webhookSecret: string;
    /** Merchant name the acquirer shows. */
    merchantName: string;
  };
  exchange: {
    feeBps: number;
    spreadBps: number;
    quoteTtlSeconds: number;
    /** A stored quote is handed out again while it has at least this long to live. */
    quoteMinRemainingSeconds: number;
    /** Minor units per source currency. */
    minAmounts: { USD: number; RUB: number };
    /** Sandbox rate provider: base USD/RUB mid rate (4 decimals). */
    sandboxMidRate: string;
  };
  cards: { maxCards: number; sensitiveDataTtlSeconds: number };
  support: { telegramUsername: string; email: string };
  verification: { resendCountdownSeconds: number };
  app: { botUsername: string; miniAppShortName: string | null };
}

type Env = Record<string, string | undefined>;

export class WalletSettingsError extends Error {
  override name = 'WalletSettingsError';
}

const raw = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

const int = (env: Env, name: string, fallback: number, min: number, max: number): number => {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new WalletSettingsError(`${name} must be an integer ${min}..${max}, got "${value}"`);
  return n;
};

/** A money amount given in major units ("100", "300000", "1.50") → minor units. */
const money = (env: Env, name: string, fallbackMinor: number, maxMajor: number): number => {
  const value = raw(env, name);
  if (value === undefined) return fallbackMinor;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  const minor = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : NaN;
  if (!Number.isSafeInteger(minor) || minor <= 0 || minor > maxMajor * 100) {
    throw new WalletSettingsError(`${name} must be a positive amount in major units (e.g. 100 or 1.50) up to ${maxMajor}, got "${value}"`);
  }
  return minor;
};

const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
/** The sandbox chain's deposit address (a well-formed TRON address no one owns). */
export const SANDBOX_DEPOSIT_ADDRESS = 'TTonicWa11etSandboxDeposit12345678';

export const loadWalletSettings = (env: Env, options: { sandbox: boolean; jwtSecret: string; production: boolean }): WalletSettings => {
  const depositAddress = raw(env, 'USDT_DEPOSIT_ADDRESS') ?? SANDBOX_DEPOSIT_ADDRESS;
  if (!TRON_ADDRESS.test(depositAddress)) throw new WalletSettingsError(`USDT_DEPOSIT_ADDRESS is not a TRON address: "${depositAddress}"`);
  const sbpMin = money(env, 'SBP_MIN_AMOUNT_RUB', 100_00, 10_000_000);
  const sbpMax = money(env, 'SBP_MAX_AMOUNT_RUB', 300_000_00, 10_000_000);
  if (sbpMin > sbpMax) throw new WalletSettingsError('SBP_MIN_AMOUNT_RUB must not exceed SBP_MAX_AMOUNT_RUB');
  let webhookSecret = raw(env, 'SBP_WEBHOOK_SECRET');
  if (!webhookSecret) {
    if (options.production && !options.sandbox) throw new WalletSettingsError('SBP_WEBHOOK_SECRET is required in production');
    // Sandbox: derived from the server secret, so every process of one deployment agrees on it.
    webhookSecret = createHash('sha256').update(`sbp-webhook:${options.jwtSecret}`).digest('base64url');
  }
  if (webhookSecret.length < 16) throw new WalletSettingsError('SBP_WEBHOOK_SECRET must be at least 16 characters');
  const quoteTtlSeconds = int(env, 'EXCHANGE_QUOTE_TTL_SECONDS', 60, 10, 3600);
  const sandboxMidRate = raw(env, 'SANDBOX_USD_RUB_RATE') ?? '92.5000';
  if (!/^\d{1,6}(\.\d{1,4})?$/.test(sandboxMidRate) || Number(sandboxMidRate) <= 0) {
    throw new WalletSettingsError(`SANDBOX_USD_RUB_RATE must be a positive decimal with up to 4 decimals, got "${sandboxMidRate}"`);
  }
  return {
    sandbox: options.sandbox,
    hotAccountShards: int(env, 'LEDGER_HOT_ACCOUNT_SHARDS', 8, 1, 64),
    usdt: {
      depositAddress,
      minDeposit: money(env, 'USDT_MIN_DEPOSIT', 10_00, 1_000_000),
      confirmations: int(env, 'USDT_CONFIRMATIONS', 19, 1, 1000),
      pollMs: int(env, 'TRON_POLL_MS', 3000, 0, 3_600_000),
    },
    sbp: {
      minAmount: sbpMin,
      maxAmount: sbpMax,
      paymentTtlSeconds: int(env, 'SBP_PAYMENT_TTL_SECONDS', 900, 60, 86_400),
      webhookSecret,
      merchantName: raw(env, 'SBP_MERCHANT_NAME') ?? 'Tonic Wallet',
    },
    exchange: {
      feeBps: int(env, 'EXCHANGE_FEE_BPS', 50, 0, 1000),
      spreadBps: int(env, 'EXCHANGE_SPREAD_BPS', 25, 0, 1000),
      quoteTtlSeconds,
      quoteMinRemainingSeconds: Math.ceil(quoteTtlSeconds / 4),
      minAmounts: { USD: money(env, 'EXCHANGE_MIN_USD', 1_00, 1_000_000), RUB: money(env, 'EXCHANGE_MIN_RUB', 100_00, 100_000_000) },
      sandboxMidRate: formatMid(sandboxMidRate),
    },
    cards: {
      maxCards: int(env, 'CARDS_MAX_PER_USER', 5, 1, 100),
      sensitiveDataTtlSeconds: int(env, 'CARDS_SENSITIVE_TTL_SECONDS', 60, 10, 600),
    },
    support: {
      telegramUsername: (raw(env, 'SUPPORT_TELEGRAM') ?? 'tonic_wallet_support').replace(/^@/, ''),
      email: raw(env, 'SUPPORT_EMAIL') ?? 'support@tonic-wallet.example',
    },
    verification: { resendCountdownSeconds: AUTH_LIMITS.resendCooldownSeconds },
    app: {
      botUsername: (raw(env, 'TELEGRAM_BOT_USERNAME') ?? 'tonic_wallet_bot').replace(/^@/, ''),
      miniAppShortName: raw(env, 'TELEGRAM_MINI_APP_NAME') ?? null,
    },
  };
};

/** "92.5" → "92.5000". */
const formatMid = (value: string): string => {
  const [whole, fraction = ''] = value.split('.');
  return `${whole}.${fraction.padEnd(4, '0')}`;
};

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
