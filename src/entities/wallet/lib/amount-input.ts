/** Amounts typed by people → integer minor units of a wallet currency (the parser: `@/shared/lib`). */
import type { Currency } from '@/shared/contract';
import { parseAmountInput as parseAmount, type AmountInputResult } from '@/shared/lib';

export type { AmountInputError, AmountInputResult } from '@/shared/lib';

/** Minor-unit digits of the wallet currencies. */
export const CURRENCY_DIGITS: Record<Currency, number> = { USD: 2, RUB: 2 };

/** See `parseAmountInput` in `@/shared/lib`: "1 234,56", "1234.56", "1,234.56" → minor units, or why not. */
export function parseAmountInput(text: string, currency: Currency): AmountInputResult {
  return parseAmount(text, CURRENCY_DIGITS[currency]);
}

/**
 * Minor units → text for an amount field (prefill): "1500" for whole amounts, else "1500.50" /
 * "1500,50" (the decimal separator of `lang`). No grouping, so the text parses back to the same amount.
 */
export function amountToInputText(amount: number, currency: Currency, lang = 'en'): string {
  const digits = CURRENCY_DIGITS[currency];
  const scale = 10n ** BigInt(digits);
  const value = BigInt(amount);
  const whole = value / scale;
  const fraction = value % scale;
  if (fraction === 0n) return whole.toString();
  const separator = lang.startsWith('ru') ? ',' : '.';
  return `${whole}${separator}${fraction.toString().padStart(digits, '0')}`;
}
