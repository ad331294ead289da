/**
 * Money typed by a user → integer minor units, without floats (the parser: `parseAmountInput` in `@/shared/lib`:
 * "12", "12.5", "12,50", "1 234.56", "1'234.56", "1,234.56"). Both currencies of the contract (USD, RUB) have
 * 2 minor digits.
 */
import { parseAmountInput as parseAmount } from '@/shared/lib';

const MINOR_DIGITS = 2;

/** null = empty, 'invalid' = not an amount (letters, signs, 3+ decimals, too large), else minor units. */
export function parseAmountInput(text: string): number | null | 'invalid' {
  const parsed = parseAmount(text, MINOR_DIGITS);
  if (parsed.ok) return parsed.amount;
  return parsed.error === 'empty' ? null : 'invalid';
}

/** Minor units → the plain text an amount input shows ("1234.5" style, no grouping): 1050 → "10.50". */
export function amountToInput(amount: number): string {
  const negative = amount < 0;
  const digits = String(Math.abs(Math.trunc(amount))).padStart(MINOR_DIGITS + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -MINOR_DIGITS)}.${digits.slice(-MINOR_DIGITS)}`;
}
