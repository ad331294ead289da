/**
 * CSV writing for statements (RFC 4180): cells are quoted when they hold a comma, a quote or a line break (quotes
 * doubled), lines end in CRLF, and the file starts with a UTF-8 BOM so spreadsheet programs read Cyrillic and "•"
 * right. Formula injection (OWASP "CSV Injection"): a cell starting with = + - @ TAB or CR gets a leading
 * apostrophe, so a merchant name like `=HYPERLINK(...)` stays text. Amounts are written unsigned (separate credit and
 * debit columns), so no number ever needs that prefix.
 */
import { minorToDecimal } from '@/shared/money';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const csvCell = (value: string): string => {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

export const CSV_BOM = '\uFEFF';

/** An amount as the CSV writes it: minor units → a plain decimal ("1234.05", "-0.50"; both currencies have 2 decimals). */
export const majorUnits = (minor: number): string => minorToDecimal(minor, 2);

