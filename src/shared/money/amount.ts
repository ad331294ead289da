/**
 * Amounts as integer minor units (USD cents, RUB kopecks): text a person typed → minor units, and minor units →
 * exact decimal text. Pure ECMAScript, no floats (BigInt), no DOM or Node APIs: the app and the server share it.
 *
 * Accepted input: digits with an optional decimal part ("1234.56", "1234,56", ".5", "5."), spaces of any kind and
 * apostrophes as group separators ("1 234,56" with U+0020, U+00A0, U+202F; "1'234.56"), and comma/dot grouping
 * when it is unambiguous: both separators present ("1,234.56", "1.234,56": the last one is the decimal point) or the
 * same separator repeated in groups of three ("1,234,567"). A single "," or "." is always the decimal point, so
 * "1,234" is 1.234 (three decimals: refused) rather than a guess.
 * Refused: empty text, signs (a leading minus → `negative`), letters, exponents, more decimals than the
 * currency has, amounts beyond Number.MAX_SAFE_INTEGER minor units.
 */
import type { Currency } from '@/shared/contract';

export type AmountInputError = 'empty' | 'invalid' | 'negative' | 'tooManyDecimals' | 'tooLarge';
export type AmountInputResult = { ok: true; amount: number } | { ok: false; error: AmountInputError };

/** Minor-unit digits of the wallet currencies. */
export const CURRENCY_DIGITS: Record<Currency, number> = { USD: 2, RUB: 2 };

const SPACES = /[\s\u00a0\u202f\u2007\u2009'\u2019]/g;
const MINUS = /^[-\u2212\u2013]/;
const MAX = BigInt(Number.MAX_SAFE_INTEGER);

const fail = (error: AmountInputError): AmountInputResult => ({ ok: false, error });

/** "1,234,567" with `sep` ",": groups of three after a 1–3 digit head. */
const isGrouped = (text: string, sep: string): boolean => new RegExp(`^\\d{1,3}(\\${sep}\\d{3})+$`).test(text);

function splitNumber(text: string): { whole: string; fraction: string } | null {
  const dot = text.lastIndexOf('.');
  const comma = text.lastIndexOf(',');
  if (dot >= 0 && comma >= 0) {
    const decimal = dot > comma ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    const at = text.lastIndexOf(decimal);
    const whole = text.slice(0, at);
    if (whole.includes(decimal) || !isGrouped(whole, group)) return null;
    return { whole: whole.split(group).join(''), fraction: text.slice(at + 1) };
  }
  const sep = dot >= 0 ? '.' : comma >= 0 ? ',' : null;
  if (sep === null) return { whole: text, fraction: '' };
  const count = text.split(sep).length - 1;
  if (count === 1) {
    const at = text.indexOf(sep);
    return { whole: text.slice(0, at), fraction: text.slice(at + 1) };
  }
  return isGrouped(text, sep) ? { whole: text.split(sep).join(''), fraction: '' } : null;
}

/** Typed text → minor units with `digits` decimals (2 for USD and RUB, 6 for USDT), or why not. */
export function parseMinorUnits(text: string, digits: number): AmountInputResult {
  let compact = text.replace(SPACES, '');
  if (compact === '') return fail('empty');
  const negative = MINUS.test(compact);
  if (negative) compact = compact.slice(1);
  if (!/^[\d.,]+$/.test(compact)) return fail('invalid');
  const parts = splitNumber(compact);
  if (!parts || (parts.whole === '' && parts.fraction === '')) return fail('invalid');
  if (!/^\d*$/.test(parts.whole) || !/^\d*$/.test(parts.fraction)) return fail('invalid');
  if (negative) return fail('negative');
  if (parts.fraction.length > digits) return fail('tooManyDecimals');
  const whole = parts.whole.replace(/^0+(?=\d)/, '') || '0';
  if (whole.length > 16) return fail('tooLarge');
  const minor = BigInt(whole) * 10n ** BigInt(digits) + BigInt(parts.fraction.padEnd(digits, '0') || '0');
  if (minor > MAX) return fail('tooLarge');
  return { ok: true, amount: Number(minor) };
}

/** THE amount parser of the app: "1 234,56", "1234.56", "1,234.56" → minor units of `currency`, or why not. */
export function parseAmountInput(text: string, currency: Currency): AmountInputResult {
  return parseMinorUnits(text, CURRENCY_DIGITS[currency]);
}

/** Minor units → exact decimal text: 123450n, 2 → "1234.50"; -5, 2 → "-0.05"; 924150n, 4 → "92.4150". */
export function minorToDecimal(amount: number | bigint, digits: number): string {
  const value = typeof amount === 'bigint' ? amount : BigInt(Math.round(amount));
  const negative = value < 0n;
  const digitsText = (negative ? -value : value).toString();
  if (digits === 0) return `${negative ? '-' : ''}${digitsText}`;
  const padded = digitsText.padStart(digits + 1, '0');
  return `${negative ? '-' : ''}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
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
