/**
 * CSV writing for statements (RFC 4180): cells are quoted when they hold a comma, a quote or a line break (quotes
 * doubled), lines end in CRLF, and the file starts with a UTF-8 BOM so spreadsheet programs read Cyrillic and "•"
 * right. Formula injection (OWASP "CSV Injection"): a cell starting with = + - @ TAB or CR gets a leading
 * apostrophe, so a merchant name like `=HYPERLINK(...)` stays text. Amounts are written unsigned (separate credit and
 * debit columns), so no number ever needs that prefix.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export const csvCell = (value: string): string => {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

export const CSV_BOM = '\uFEFF';

/** Minor units → major units with two decimals ("1234.05"); both currencies have 2 decimals. Never a float. */
export const majorUnits = (minor: number): string => {
  const abs = Math.abs(minor);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return minor < 0 ? `-${text}` : text;
};
