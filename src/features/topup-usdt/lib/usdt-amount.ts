/**
 * The USDT amount to send (docs/api.md "USDT deposit tag"): the whole USDT the user chose + their 6-digit tag
 * as the six decimals: 100 USDT with tag "012345" → "100.012345". The decimals belong to the tag, so the
 * chosen amount must be whole; it must reach `config.usdt.minDeposit`.
 */
import { amountWithTag, parseAmountInput, usdtCredit, type AmountInputError } from '@/shared/money';
import type { Money } from '@/shared/contract';

export type UsdtAmountCheck =
  | { status: 'empty' }
  | { status: 'invalid'; reason: Exclude<AmountInputError, 'empty'> | 'notWhole' }
  | { status: 'belowMinimum'; minimum: Money }
  | { status: 'ok'; whole: number };

/** 1 USDT = 1 USD: the text is parsed as USD, then must be whole dollars and ≥ the minimum deposit. */
export function checkUsdtAmount(text: string, minDeposit: Money | null): UsdtAmountCheck {
  const parsed = parseAmountInput(text, 'USD');
  if (!parsed.ok) return parsed.error === 'empty' ? { status: 'empty' } : { status: 'invalid', reason: parsed.error };
  if (parsed.amount % 100 !== 0) return { status: 'invalid', reason: 'notWhole' };
  if (parsed.amount === 0 || (minDeposit !== null && parsed.amount < minDeposit.amount)) {
    return { status: 'belowMinimum', minimum: minDeposit ?? { amount: 1_00, currency: 'USD' } };
  }
  return { status: 'ok', whole: parsed.amount / 100 };
}

/** "100" + "012345" → "100.012345" (the exact text to paste into a wallet or exchange). */
export function usdtExactAmount(whole: number, tag: string): string {
  if (!Number.isSafeInteger(whole) || whole < 0) throw new RangeError(`whole USDT expected, got ${whole}`);
  if (!/^\d{6}$/.test(tag)) throw new RangeError(`6-digit tag expected, got "${tag}"`);
  return amountWithTag(whole, tag);
}

/** Smallest whole USDT amount reaching the minimum deposit (10.50 USD → 11). */
export function minimumWholeUsdt(minDeposit: Money): number {
  return Math.ceil(minDeposit.amount / 100);
}

export { usdtCredit };
