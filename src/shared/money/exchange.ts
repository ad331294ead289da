/**
 * Exchange arithmetic (docs/api.md "Exchange"), the ONE copy: the server charges with it, the app previews with it.
 * BigInt only, never floats.
 *
 *   fee      = ceil(amount × feeBps / 10 000)     in `from` minor units
 *   debited  = amount                             in `from` (fee included)
 *   credited = floor((amount − fee) × rate)       in `to` minor units (both currencies have 2 decimals)
 */
import type { Currency, ExchangeRate, Money } from '@/shared/contract';
import { minorToDecimal } from './amount';

export interface Decimal {
  /** The digits as an integer: "92.4150" → 924150n. */
  units: bigint;
  /** Digits after the point: "92.4150" → 4. */
  scale: number;
}

const DECIMAL = /^(0|[1-9]\d*)(?:\.(\d+))?$/;
const BPS = 10_000n;

/** "92.4150" → { units: 924150n, scale: 4 }; null for anything that is not a non-negative decimal. */
export function parseDecimal(text: string): Decimal | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  return { units: BigInt(`${match[1]}${fraction}`), scale: fraction.length };
}

/** Like parseDecimal, for values that must be decimals (server data): throws a RangeError otherwise. */
export function decimalOf(text: string): Decimal {
  const decimal = parseDecimal(text);
  if (!decimal) throw new RangeError(`Not a non-negative decimal: "${text}"`);
  return decimal;
}

/** Percent fee in basis points, rounded up to the minor unit. */
export function exchangeFee(amount: number, feeBps: number): number {
  return Number((BigInt(amount) * BigInt(feeBps) + BPS - 1n) / BPS);
}

export interface ExchangeFigures {
  /** In `from`, part of `debited`. */
  fee: number;
  debited: number;
  /** In `to`; Infinity beyond the safe integer range (the caller refuses it: no wallet holds that much). */
  credited: number;
}

/** The exchange arithmetic. `amount` in `from` minor units, a positive safe integer (else a RangeError). */
export function computeExchange(amount: number, feeBps: number, rate: string): ExchangeFigures {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`amount must be a positive safe integer, got ${amount}`);
  const fee = exchangeFee(amount, feeBps);
  const { units, scale } = decimalOf(rate);
  const net = BigInt(amount - fee);
  const credited = net > 0n ? (net * units) / 10n ** BigInt(scale) : 0n;
  return { fee, debited: amount, credited: credited > BigInt(Number.MAX_SAFE_INTEGER) ? Number.POSITIVE_INFINITY : Number(credited) };
}

export interface ExchangePreview {
  from: Currency;
  to: Currency;
  /** What leaves the `from` balance (fee included). */
  debited: Money;
  /** Part of `debited`. */
  fee: Money;
  /** What arrives in the `to` balance. */
  credited: Money;
  rate: string;
  quoteId: string;
}

/** Preview of exchanging `amount` (minor units of `rate.from`, > 0) at a quote; null if it cannot be computed. */
export function previewExchange(amount: number, rate: ExchangeRate): ExchangePreview | null {
  if (!parseDecimal(rate.rate) || !Number.isSafeInteger(amount) || amount <= 0) return null;
  const figures = computeExchange(amount, rate.feeBps, rate.rate);
  if (!Number.isFinite(figures.credited)) return null;
  return {
    from: rate.from,
    to: rate.to,
    debited: { amount: figures.debited, currency: rate.from },
    fee: { amount: figures.fee, currency: rate.from },
    credited: { amount: figures.credited, currency: rate.to },
    rate: rate.rate,
    quoteId: rate.quoteId,
  };
}

/** The quote for a direction, if the server gave one. */
export function findRate(rates: readonly ExchangeRate[] | null | undefined, from: Currency, to: Currency): ExchangeRate | null {
  return rates?.find((rate) => rate.from === from && rate.to === to) ?? null;
}

/** A quote is usable until its expiresAt. */
export function isQuoteExpired(rate: Pick<ExchangeRate, 'expiresAt'>, now: number): boolean {
  return Date.parse(rate.expiresAt) <= now;
}

/** Whole seconds left on a quote (0 once expired). */
export function quoteSecondsLeft(rate: Pick<ExchangeRate, 'expiresAt'>, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(rate.expiresAt) - now) / 1000));
}

/** A balance converted at a quote (estimates such as a total balance): floor(amount × rate), no fee. */
export function convertAtRate(money: Money, rate: ExchangeRate): Money | null {
  const decimal = parseDecimal(rate.rate);
  if (!decimal || money.currency !== rate.from) return null;
  return { amount: Number((BigInt(money.amount) * decimal.units) / 10n ** BigInt(decimal.scale)), currency: rate.to };
}

// ── Quotes (the server makes them) ──────────────────────────────────────────────────────────────────

/** Scale of the USD/RUB mid rate the provider gives (4 decimals: "92.5000"). */
export const MID_SCALE = 4;
/** Decimals of quoted rates: USD→RUB like the market (4), RUB→USD enough to keep cents exact (8). */
const RATE_SCALE = { USD_RUB: 4, RUB_USD: 8 } as const;

/** A non-negative decimal as text: 924150n, 4 → "92.4150". */
export function formatDecimal(units: bigint, scale: number): string {
  if (units < 0n) throw new RangeError('negative decimal');
  return minorToDecimal(units, scale);
}

/**
 * Client rates of both directions from a USD/RUB mid rate, each worse than the mid by `spreadBps`,
 * rounded down (in the house's favour):
 *   USD→RUB = mid × (1 − spread),   RUB→USD = (1 / mid) × (1 − spread).
 */
export function ratesFromMid(mid: string, spreadBps: number): { USD_RUB: string; RUB_USD: string } {
  const m = decimalOf(mid);
  if (m.units <= 0n) throw new RangeError('mid rate must be positive');
  const keep = BPS - BigInt(spreadBps);
  // mid × keep / 10^4, expressed at RATE_SCALE.USD_RUB decimals.
  const usdRub = (m.units * keep * 10n ** BigInt(RATE_SCALE.USD_RUB)) / (10n ** BigInt(m.scale) * BPS);
  // (1 / mid) × keep / 10^4 at RATE_SCALE.RUB_USD decimals = 10^(scale + RUB_USD) × keep / (units × 10^4).
  const rubUsd = (10n ** BigInt(m.scale + RATE_SCALE.RUB_USD) * keep) / (m.units * BPS);
  return { USD_RUB: formatDecimal(usdRub, RATE_SCALE.USD_RUB), RUB_USD: formatDecimal(rubUsd, RATE_SCALE.RUB_USD) };
}
