/**
 * Runtime configuration and exchange quotes (SPEC §7 /api/config*). Values SPEC §9 leaves "not shown"
 * (fees, limits, rates, resend countdown) come from here, never from client constants. docs/api.md "Config".
 */
import * as z from 'zod/mini';
import { Bps, Currency, DecimalString, defineEndpoint, Id, Money, Timestamp } from './core';

/** A TRON base58 address (T + 33 characters). */
export const TronAddress = z.string().check(z.regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/));

export const AppConfig = z.object({
  usdt: z.object({
    network: z.literal('TRON'),
    standard: z.literal('TRC20'),
    token: z.literal('USDT'),
    /** The shared deposit address; the per-user tag (GET /api/wallet) tells deposits apart. */
    depositAddress: TronAddress,
    /** Smallest deposit credited, in USD (1 USDT = 1 USD). */
    minDeposit: Money,
    /** Block confirmations before a deposit is credited. */
    confirmations: z.int(),
    /** Number of decimals that carry the tag (6: the whole fraction of the USDT amount). */
    tagDecimals: z.int(),
  }),
  sbp: z.object({
    /** RUB. */
    minAmount: Money,
    /** RUB. */
    maxAmount: Money,
    /** How long a created payment can be paid. */
    paymentTtlSeconds: z.int(),
  }),
  exchange: z.object({
    feeBps: Bps,
    /** How long a quote from GET /api/config/exchange-rates stays valid. */
    quoteTtlSeconds: z.int(),
    /** Smallest `amount` per source currency. */
    minAmounts: z.array(Money),
    /** The most one exchange may move per currency, paid or received (a larger one is AMOUNT_ABOVE_MAXIMUM). */
    maxAmounts: z.array(Money),
  }),
  cards: z.object({
    /** Most cards a user may hold that are not rejected/failed. */
    maxCards: z.int(),
    /** Seconds decrypted sensitive data may stay on screen (also the sensitive response expiresAt). */
    sensitiveDataTtlSeconds: z.int(),
  }),
  support: z.object({
    telegramUsername: z.string(),
    telegramUrl: z.url(),
    email: z.email(),
  }),
  verification: z.object({
    /** Seconds before another email code may be requested (SPEC §4: the countdown). */
    resendCountdownSeconds: z.int(),
    codeLength: z.literal(6),
  }),
  app: z.object({
    /** Bot username without "@", for t.me links (referral links are built from it). */
    botUsername: z.string(),
    /** Mini App short name for direct links t.me/{bot}/{app}?startapp=...; null = use ?startapp on the bot. */
    miniAppShortName: z.nullable(z.string()),
  }),
});
export type AppConfig = z.infer<typeof AppConfig>;

export const ExchangeRate = z.object({
  from: Currency,
  to: Currency,
  /** Units of `to` per unit of `from`, as a decimal string (e.g. "92.4150"). */
  rate: DecimalString,
  feeBps: Bps,
  /** Pass to POST /api/wallet/exchange; valid until `expiresAt`. */
  quoteId: Id,
  expiresAt: Timestamp,
  /** When the underlying market rate was taken. */
  updatedAt: Timestamp,
});
export type ExchangeRate = z.infer<typeof ExchangeRate>;

export const ExchangeRates = z.object({
  /** USD→RUB and RUB→USD. When no rate can be quoted the call answers 503 RATE_UNAVAILABLE (UI: "Rate unavailable"). */
  rates: z.array(ExchangeRate),
  updatedAt: Timestamp,
});
export type ExchangeRates = z.infer<typeof ExchangeRates>;

export const configGet = defineEndpoint({
  id: 'config.get',
  method: 'GET',
  path: '/api/config',
  auth: 'bearer',
  tag: 'config',
  summary: 'Deposit, SBP, exchange and card limits, support contacts, app links.',
  response: AppConfig,
});

export const configExchangeRates = defineEndpoint({
  id: 'config.exchangeRates',
  method: 'GET',
  path: '/api/config/exchange-rates',
  auth: 'bearer',
  tag: 'config',
  summary: 'Current exchange quotes for USD→RUB and RUB→USD.',
  response: ExchangeRates,
});

/** The config endpoints by id: index.ts composes every domain's group into `endpoints` (contract.test.ts checks keys = ids). */
export const configEndpoints = {
  'config.get': configGet,
  'config.exchangeRates': configExchangeRates,
} as const;
