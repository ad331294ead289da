/**
 * What a market rate from outside may be (docs/edge.md "What is bounded"): a rate is untrusted input. Served a daily
 * document whose USD value was `0,0001`, the server quoted and executed 1 000.00 RUB → 9 925 125.00 USD. A rate outside
 * the absolute bounds (RATES_MIN_USD_RUB..RATES_MAX_USD_RUB), or one that moved more than RATES_MAX_CHANGE_BPS from the
 * last accepted one, is refused: logged and counted (outside_input_refused_total{source="rates"}), never quoted.
 */
import { decimalOf, MID_SCALE } from '@/shared/money';

export interface RateBounds {
  /** RUB per USD, decimal text (RATES_MIN_USD_RUB). */
  min: string;
  /** RUB per USD, decimal text (RATES_MAX_USD_RUB). */
  max: string;
  /** Largest move from the last accepted rate, in basis points (RATES_MAX_CHANGE_BPS). */
  maxChangeBps: number;
}

export type RateRefusal = { reason: 'out_of_bounds' | 'moved_too_far'; message: string };

/** A decimal at MID_SCALE decimals, as an integer. */
const scaled = (text: string): bigint => {
  const { units, scale } = decimalOf(text);
  return scale <= MID_SCALE ? units * 10n ** BigInt(MID_SCALE - scale) : units / 10n ** BigInt(scale - MID_SCALE);
};

/** Why `mid` (RUB per USD) must not be quoted, given the last accepted rate (null: none yet); null when it may. */
export const refuseRate = (mid: string, previous: string | null, bounds: RateBounds): RateRefusal | null => {
  const value = scaled(mid);
  if (value < scaled(bounds.min) || value > scaled(bounds.max)) {
    return { reason: 'out_of_bounds', message: `USD/RUB ${mid} is outside ${bounds.min}..${bounds.max} (RATES_MIN_USD_RUB..RATES_MAX_USD_RUB)` };
  }
  if (previous === null) return null;
  const before = scaled(previous);
  const change = value > before ? value - before : before - value;
  // change / before > maxChangeBps / 10 000, in integers
  if (before > 0n && change * 10_000n > before * BigInt(bounds.maxChangeBps)) {
    return { reason: 'moved_too_far', message: `USD/RUB ${mid} moved more than ${bounds.maxChangeBps} bps from the last accepted ${previous} (RATES_MAX_CHANGE_BPS)` };
  }
  return null;
};
