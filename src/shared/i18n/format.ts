/**
 * Intl formatters of numbers and dates, cached per language. Money is written by the money kernel's formatMoney
 * (src/shared/money/format.ts), shared with the server.
 */
import { formatMoney } from '@/shared/money';

type DateInput = Date | string | number;

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let value = cache.get(key) as T | undefined;
  if (!value) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

/**
 * Makes the formatters a money screen shows first: the money formats of `currencies` and the history's dates. A page's
 * first `Intl.NumberFormat` and first `Intl.DateTimeFormat` of a language set up ICU's data for it, 20–40 ms each on a
 * phone-class CPU unthrottled; the screen pays that once, wherever it happens. Called while the screen's data is on
 * its way (the thread waits then), the cost is off the path from the data to the painted screen. Cached like any use.
 */
export function warmFormatters(lang: string, currencies: readonly string[]): void {
  for (const currency of currencies) formatMoney({ amount: 0, currency }, lang);
  formatRelativeDay(0, lang, 0);
  formatRelativeDay(0, lang, 86_400_000 * 400);
}

export function formatNumber(value: number, lang: string, options?: Intl.NumberFormatOptions): string {
  return cached(`num|${lang}|${JSON.stringify(options ?? {})}`, () => new Intl.NumberFormat(lang, options)).format(value);
}

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

/** "12 Mar 2025" / "12 мар. 2025 г.". */
export function formatDate(value: DateInput, lang: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  return cached(`date|${lang}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(lang, options)).format(toDate(value));
}

/** "12 Mar 2025, 14:05" / "12 мар. 2025 г., 14:05". */
export function formatDateTime(value: DateInput, lang: string): string {
  return formatDate(value, lang, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Whole local calendar days from `now` to `value` (yesterday = -1). */
export function calendarDayDiff(value: DateInput, now: DateInput = new Date()): number {
  const a = toDate(value);
  const b = toDate(now);
  const dayA = Date.UTC(a.getFullYear(), a.getMonth(), a.getDate());
  const dayB = Date.UTC(b.getFullYear(), b.getMonth(), b.getDate());
  return Math.round((dayA - dayB) / 86_400_000);
}

/**
 * Heading for a group of transactions: "Today" / "Yesterday" (Intl.RelativeTimeFormat, so ru gives
 * "Сегодня" / "Вчера"), otherwise "12 March" this year or "12 March 2024" earlier.
 */
export function formatRelativeDay(value: DateInput, lang: string, now: DateInput = new Date()): string {
  const diff = calendarDayDiff(value, now);
  if (diff === 0 || diff === -1) {
    const rtf = cached(`rel|${lang}`, () => new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }));
    return capitalize(rtf.format(diff, 'day'), lang);
  }
  const sameYear = toDate(value).getFullYear() === toDate(now).getFullYear();
  return formatDate(value, lang, sameYear ? { day: 'numeric', month: 'long' } : { day: 'numeric', month: 'long', year: 'numeric' });
}

function capitalize(text: string, lang: string): string {
  return text.charAt(0).toLocaleUpperCase(lang) + text.slice(1);
}
