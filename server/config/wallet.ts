/** Wallet, exchange and top-up settings (docs/server.md "Configuration"); published to the app by GET /api/config. */
import { createHash } from 'node:crypto';
import { AUTH_LIMITS } from './auth-limits';
import { defineSection } from './section';
import { Invalid, v, variable } from './vars';

/**
 * Everything SPEC §9 leaves "not shown" (limits, fees, rates) comes from here and reaches the client through
 * GET /api/config (server/modules/config).
 */
export interface WalletSettings {
  sandbox: boolean;
  /** Hot system accounts (FX pool, exchange fees, SBP clearing) are split into this many shards. */
  hotAccountShards: number;
  usdt: {
    depositAddress: string;
    /** USD cents. */
    minDeposit: number;
    /** USD cents: a single deposit above it is held for review instead of credited (USDT_REVIEW_THRESHOLD). */
    reviewThreshold: number;
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
    /** The most one exchange may move, per currency, on either side (minor units). */
    maxAmounts: { USD: number; RUB: number };
    /** Sandbox rate provider: base USD/RUB mid rate (4 decimals). */
    sandboxMidRate: string;
  };
  cards: { maxCards: number; sensitiveDataTtlSeconds: number };
  support: { telegramUsername: string; email: string };
  verification: { resendCountdownSeconds: number };
  app: { botUsername: string; miniAppShortName: string | null };
}

const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
/** The sandbox chain's deposit address (a well-formed TRON address no one owns). */
export const SANDBOX_DEPOSIT_ADDRESS = 'TTonicWa11etSandboxDeposit12345678';

/** "92.5" → "92.5000". */
const formatMid = (value: string): string => {
  const [whole, fraction = ''] = value.split('.');
  return `${whole}.${fraction.padEnd(4, '0')}`;
};

const username = (raw: string | undefined, fallback: string): string => (raw ?? fallback).replace(/^@/, '');

export const walletSection = defineSection(
  {
    USDT_DEPOSIT_ADDRESS: variable({ default: `\`${SANDBOX_DEPOSIT_ADDRESS}\``, doc: 'shared TRC20 deposit address' }, (raw) => {
      const address = raw ?? SANDBOX_DEPOSIT_ADDRESS;
      if (!TRON_ADDRESS.test(address)) throw new Invalid(`is not a TRON address: "${address}"`);
      return address;
    }),
    USDT_MIN_DEPOSIT: v.money(10_00, 1_000_000, { default: '10', doc: 'USD (whole or 2 decimals); smaller deposits are parked' }),
    USDT_REVIEW_THRESHOLD: v.money(10_000_00, 100_000_000, {
      default: '10000',
      doc: 'USD: a single deposit above this is held for review (parked `over_review_threshold`, shown to its owner as held, listed for support) instead of credited',
    }),
    USDT_CONFIRMATIONS: v.int(19, 1, 1000, { doc: 'confirmations before crediting (shown in config)' }),
    LEDGER_HOT_ACCOUNT_SHARDS: v.int(32, 1, 64, { doc: 'shards of the FX pool, exchange fee and SBP clearing accounts (1 = no sharding)' }),
    TRON_POLL_MS: v.int(3000, 0, 3_600_000, { doc: 'watcher poll interval per process; 0 = only when triggered' }),
    SBP_MIN_AMOUNT_RUB: v.money(100_00, 10_000_000, { default: '100', doc: 'smallest SBP top-up, RUB (up to 2 decimals)' }),
    SBP_MAX_AMOUNT_RUB: v.money(300_000_00, 10_000_000, { default: '300000', doc: 'largest SBP top-up, RUB (up to 2 decimals)' }),
    SBP_PAYMENT_TTL_SECONDS: v.int(900, 60, 86_400, { doc: 'how long a payment can be paid' }),
    SBP_WEBHOOK_SECRET: v.token(16, { default: 'sandbox: derived from JWT_SECRET', doc: 'HMAC key of acquirer callbacks (≥ 16 chars; required in production)' }),
    SBP_MERCHANT_NAME: v.textOr('Tonic Wallet', { doc: 'shown by the acquirer' }),
    EXCHANGE_FEE_BPS: v.int(50, 0, 1000, { doc: 'exchange fee (explicit, in `from`)' }),
    EXCHANGE_SPREAD_BPS: v.int(25, 0, 1000, { doc: 'exchange spread (in the rate)' }),
    EXCHANGE_QUOTE_TTL_SECONDS: v.int(60, 10, 3600, { doc: 'quote validity' }),
    EXCHANGE_MIN_USD: v.money(1_00, 1_000_000, { default: '1', doc: 'smallest exchange from USD' }),
    EXCHANGE_MIN_RUB: v.money(100_00, 100_000_000, { default: '100', doc: 'smallest exchange from RUB' }),
    EXCHANGE_MAX_USD: v.money(10_000_00, 100_000_000, { default: '10000', doc: 'the most one exchange may move in USD, paid or received (`AMOUNT_ABOVE_MAXIMUM`)' }),
    EXCHANGE_MAX_RUB: v.money(1_000_000_00, 10_000_000_000, { default: '1000000', doc: 'the most one exchange may move in RUB, paid or received' }),
    SANDBOX_USD_RUB_RATE: variable({ default: '92.5000', doc: 'sandbox rate provider: base USD/RUB mid rate' }, (raw) => {
      const rate = raw ?? '92.5000';
      if (!/^\d{1,6}(\.\d{1,4})?$/.test(rate) || Number(rate) <= 0) throw new Invalid(`must be a positive decimal with up to 4 decimals, got "${rate}"`);
      return formatMid(rate);
    }),
    CARDS_MAX_PER_USER: v.int(5, 1, 100, { doc: 'cards per user (published in `GET /api/config`)' }),
    CARDS_SENSITIVE_TTL_SECONDS: v.int(60, 10, 600, { doc: 'how long revealed card data stays shown (published in `GET /api/config`)' }),
    SUPPORT_TELEGRAM: v.text({ default: 'tonic_wallet_support', doc: 'support contact on Telegram' }),
    SUPPORT_EMAIL: v.textOr('support@tonic-wallet.example', { doc: 'support contact by email' }),
    TELEGRAM_BOT_USERNAME: v.text({ default: 'tonic_wallet_bot', doc: 't.me links' }),
    TELEGRAM_MINI_APP_NAME: v.text({ doc: 't.me links: the Mini App short name' }),
  },
  (values, { sandbox, jwtSecret }): WalletSettings => {
    if (values.SBP_MIN_AMOUNT_RUB > values.SBP_MAX_AMOUNT_RUB) throw new Invalid('SBP_MIN_AMOUNT_RUB must not exceed SBP_MAX_AMOUNT_RUB');
    if (values.EXCHANGE_MIN_USD > values.EXCHANGE_MAX_USD || values.EXCHANGE_MIN_RUB > values.EXCHANGE_MAX_RUB) {
      throw new Invalid('EXCHANGE_MIN_USD / EXCHANGE_MIN_RUB must not exceed EXCHANGE_MAX_USD / EXCHANGE_MAX_RUB');
    }
    // Sandbox: derived from the server secret, so every process of one deployment agrees on it.
    const webhookSecret = values.SBP_WEBHOOK_SECRET ?? createHash('sha256').update(`sbp-webhook:${jwtSecret}`).digest('base64url');
    const quoteTtlSeconds = values.EXCHANGE_QUOTE_TTL_SECONDS;
    return {
      sandbox,
      hotAccountShards: values.LEDGER_HOT_ACCOUNT_SHARDS,
      usdt: {
        depositAddress: values.USDT_DEPOSIT_ADDRESS,
        minDeposit: values.USDT_MIN_DEPOSIT,
        reviewThreshold: values.USDT_REVIEW_THRESHOLD,
        confirmations: values.USDT_CONFIRMATIONS,
        pollMs: values.TRON_POLL_MS,
      },
      sbp: {
        minAmount: values.SBP_MIN_AMOUNT_RUB,
        maxAmount: values.SBP_MAX_AMOUNT_RUB,
        paymentTtlSeconds: values.SBP_PAYMENT_TTL_SECONDS,
        webhookSecret,
        merchantName: values.SBP_MERCHANT_NAME,
      },
      exchange: {
        feeBps: values.EXCHANGE_FEE_BPS,
        spreadBps: values.EXCHANGE_SPREAD_BPS,
        quoteTtlSeconds,
        quoteMinRemainingSeconds: Math.ceil(quoteTtlSeconds / 4),
        minAmounts: { USD: values.EXCHANGE_MIN_USD, RUB: values.EXCHANGE_MIN_RUB },
        maxAmounts: { USD: values.EXCHANGE_MAX_USD, RUB: values.EXCHANGE_MAX_RUB },
        sandboxMidRate: values.SANDBOX_USD_RUB_RATE,
      },
      cards: { maxCards: values.CARDS_MAX_PER_USER, sensitiveDataTtlSeconds: values.CARDS_SENSITIVE_TTL_SECONDS },
      support: { telegramUsername: username(values.SUPPORT_TELEGRAM, 'tonic_wallet_support'), email: values.SUPPORT_EMAIL },
      verification: { resendCountdownSeconds: AUTH_LIMITS.resendCooldownSeconds },
      app: { botUsername: username(values.TELEGRAM_BOT_USERNAME, 'tonic_wallet_bot'), miniAppShortName: values.TELEGRAM_MINI_APP_NAME ?? null },
    };
  },
  (values, { sandbox }) => (!sandbox && !values.SBP_WEBHOOK_SECRET ? ['SBP_WEBHOOK_SECRET is required in production'] : []),
);
