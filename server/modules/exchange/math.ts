/**
 * Exact decimal arithmetic of exchanges (docs/api.md "Exchange"): BigInt only, never floats.
 *
 *   fee      = ceil(amount × feeBps / 10 000)     in `from` minor units
 *   credited = floor((amount − fee) × rate)       in `to` minor units (both currencies have 2 decimals)
 */

export interface Decimal {
  /** The digits as an integer: "92.4150" → 924150n. */
  units: bigint;
  /** Digits after the point: "92.4150" → 4. */
  scale: number;
}

const DECIMAL = /^(0|[1-9]\d*)(?:\.(\d+))?$/;

export const parseDecimal = (text: string): Decimal => {
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Not a non-negative decimal: "${text}"`);
  const fraction = match[2] ?? '';
  return { units: BigInt(`${match[1]}${fraction}`), scale: fraction.length };
};

export const formatDecimal = (units: bigint, scale: number): string => {
  if (units < 0n) throw new RangeError('negative decimal');
  if (scale === 0) return units.toString();
  const digits = units.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
};

const BPS = 10_000n;

/** Percent fee in basis points, rounded up to the minor unit. */
export const feeFor = (amount: number, feeBps: number): number => {
  const product = BigInt(amount) * BigInt(feeBps);
  return Number((product + BPS - 1n) / BPS);
};

export interface ExchangeFigures {
  /** In `from`, part of `debited`. */
  fee: number;
  debited: number;
  /** In `to`. */
  credited: number;
}

/** The server's (and the client preview's) exchange arithmetic. `amount` in `from` minor units, > 0. */
export const computeExchange = (amount: number, feeBps: number, rate: string): ExchangeFigures => {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`amount must be a positive safe integer, got ${amount}`);
  const fee = feeFor(amount, feeBps);
  const { units, scale } = parseDecimal(rate);
  const net = BigInt(amount - fee);
  const credited = net > 0n ? (net * units) / 10n ** BigInt(scale) : 0n;
  // Beyond the safe range `credited` is returned as Infinity: the caller refuses it (no wallet holds that much).
  return { fee, debited: amount, credited: credited > BigInt(Number.MAX_SAFE_INTEGER) ? Number.POSITIVE_INFINITY : Number(credited) };
};

/** Scale of the USD/RUB mid rate the provider gives (4 decimals: "92.5000"). */
export const MID_SCALE = 4;
/** Decimals of quoted rates: USD→RUB like the market (4), RUB→USD enough to keep cents exact (8). */
export const RATE_SCALE = { USD_RUB: 4, RUB_USD: 8 } as const;

/**
 * Client rates of both directions from a USD/RUB mid rate, each worse than the mid by `spreadBps`,
 * rounded down (in the house's favour):
 *   USD→RUB = mid × (1 − spread),   RUB→USD = (1 / mid) × (1 − spread).
 */
export const ratesFromMid = (mid: string, spreadBps: number): { USD_RUB: string; RUB_USD: string } => {
  const m = parseDecimal(mid);
  if (m.units <= 0n) throw new RangeError('mid rate must be positive');
  const keep = BPS - BigInt(spreadBps);
  // mid × keep / 10^4, expressed at RATE_SCALE.USD_RUB decimals.
  const usdRub = (m.units * keep * 10n ** BigInt(RATE_SCALE.USD_RUB)) / (10n ** BigInt(m.scale) * BPS);
  // (1 / mid) × keep / 10^4 at RATE_SCALE.RUB_USD decimals = 10^(scale + RUB_USD) × keep / (units × 10^4).
  const rubUsd = (10n ** BigInt(m.scale + RATE_SCALE.RUB_USD) * keep) / (m.units * BPS);
  return { USD_RUB: formatDecimal(usdRub, RATE_SCALE.USD_RUB), RUB_USD: formatDecimal(rubUsd, RATE_SCALE.RUB_USD) };
};
