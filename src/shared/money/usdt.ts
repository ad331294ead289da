/**
 * USDT amounts and deposit tags (SPEC §5, docs/api.md "USDT deposit tag"). USDT TRC20 has 6 decimals;
 * amounts are handled in micro-USDT (integers). The tag is the whole 6-digit fraction of the amount.
 * The server's watcher credits with `microToCents`; the app tells the user the same figure (`usdtCredit`).
 */
import type { Money } from '@/shared/contract';

const MICRO_PER_USDT = 1_000_000;
/** 1 USDT = 1 USD = 100 cents → 10 000 micro-USDT per cent. */
export const MICRO_PER_CENT = 10_000;

const TAG = /^\d{4}(?!00)\d{2}$/;
const USDT_AMOUNT = /^(0|[1-9]\d{0,11})(?:\.(\d{1,6}))?$/;

/** A valid tag: 6 digits, not ending in "00" (so never "000000"). */
const isValidTag = (tag: string): boolean => TAG.test(tag);

/** "100.012345" → 100012345 micro-USDT; null for anything that is not 0–6 decimals of a sane amount. */
export const parseUsdtAmount = (text: string): number | null => {
  const match = USDT_AMOUNT.exec(text);
  if (!match) return null;
  const micro = Number(match[1]) * MICRO_PER_USDT + Number((match[2] ?? '').padEnd(6, '0'));
  return Number.isSafeInteger(micro) && micro > 0 ? micro : null;
};

/** 100012345 → "100.012345" (always 6 decimals). */
export const formatUsdtAmount = (micro: number): string => {
  const whole = Math.floor(micro / MICRO_PER_USDT);
  const fraction = String(micro % MICRO_PER_USDT).padStart(6, '0');
  return `${whole}.${fraction}`;
};

/** The tag an amount carries, or null when its decimals cannot be a tag (e.g. 100.5 → "500000" ends in 00). */
export const tagOfAmount = (micro: number): string | null => {
  const tag = String(micro % MICRO_PER_USDT).padStart(6, '0');
  return isValidTag(tag) ? tag : null;
};

/** What the user is told to send: whole USDT + the tag as decimals. */
export const amountWithTag = (wholeUsdt: number, tag: string): string => `${wholeUsdt}.${tag}`;

/** Credited USD cents: the received amount rounded down to the cent. */
export const microToCents = (micro: number): number => Math.floor(micro / MICRO_PER_CENT);

/** A random candidate tag (uniqueness is the database's job). */
export const randomTag = (random: () => number = Math.random): string => {
  for (;;) {
    const n = Math.floor(random() * 1_000_000);
    const tag = String(n).padStart(6, '0');
    if (isValidTag(tag)) return tag;
  }
};

/**
 * What a transfer of exactly `exact` USDT ("100.012345", 6 decimals) credits: 1 USDT = 1 USD, rounded DOWN to the cent
 * (`microToCents`), and the sub-cent rest that is not credited.
 */
export function usdtCredit(exact: string): { credited: Money; uncreditedUsdt: string } {
  const micro = /^\d{1,12}\.\d{6}$/.test(exact) ? parseUsdtAmount(exact) : null;
  if (micro === null) throw new RangeError(`USDT amount with 6 decimals expected, got "${exact}"`);
  const cents = microToCents(micro);
  return { credited: { amount: cents, currency: 'USD' }, uncreditedUsdt: formatUsdtAmount(micro - cents * MICRO_PER_CENT) };
}
