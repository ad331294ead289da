/**
 * The exchange preview, computed exactly like the server (docs/api.md "Exchange"), BigInt only:
 *
 *   fee      = ceil(amount × feeBps / 10 000)     in `from` minor units
 *   debited  = amount                             in `from` (fee included)
 *   credited = floor((amount − fee) × rate)       in `to` minor units (both currencies have 2 decimals)
 */
import type { Currency, ExchangeRate, Money } from '@/shared/contract';

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

const DECIMAL = /^(0|[1-9]\d*)(?:\.(\d+))?$/;
const BPS = 10_000n;

/** "92.4150" → { units: 924150n, scale: 4 }; null for anything that is not a non-negative decimal. */
export function parseDecimal(text: string): { units: bigint; scale: number } | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  return { units: BigInt(`${match[1]}${fraction}`), scale: fraction.length };
}

/** Percent fee in basis points, rounded up to the minor unit. */
export function exchangeFee(amount: number, feeBps: number): number {
  return Number((BigInt(amount) * BigInt(feeBps) + BPS - 1n) / BPS);
}

/** Preview of exchanging `amount` (minor units of `rate.from`, > 0) at a quote; null if it cannot be computed. */
export function previewExchange(amount: number, rate: ExchangeRate): ExchangePreview | null {
  const decimal = parseDecimal(rate.rate);
  if (!decimal || !Number.isSafeInteger(amount) || amount <= 0) return null;
  const fee = exchangeFee(amount, rate.feeBps);
  const net = BigInt(amount - fee);
  const credited = net > 0n ? (net * decimal.units) / 10n ** BigInt(decimal.scale) : 0n;
  if (credited > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return {
    from: rate.from,
    to: rate.to,
    debited: { amount, currency: rate.from },
    fee: { amount: fee, currency: rate.from },
    credited: { amount: Number(credited), currency: rate.to },
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

/**
 * A balance converted at a quote (estimates such as a total balance): floor(amount × rate), no fee.
 */
export function convertAtRate(money: Money, rate: ExchangeRate): Money | null {
  const decimal = parseDecimal(rate.rate);
  if (!decimal || money.currency !== rate.from) return null;
  return { amount: Number((BigInt(money.amount) * decimal.units) / 10n ** BigInt(decimal.scale)), currency: rate.to };
}
