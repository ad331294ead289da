/**
 * The CSV statement (RFC 4180): cells are quoted when they hold a comma, a quote or a line break (quotes doubled),
 * lines end in CRLF, and the file starts with a UTF-8 BOM so spreadsheet programs read Cyrillic and "•" right.
 * Formula injection (OWASP "CSV Injection"): a cell starting with = + - @ TAB or CR gets a leading apostrophe, so a
 * merchant name like `=HYPERLINK(...)` stays text. Amounts are written unsigned (separate credit and debit columns),
 * so no number ever needs that prefix. Labels, types and statuses are words in the statement's language (issue #35);
 * dates (ISO 8601 UTC), amounts (major units, two decimals), the type code and the id stay machine-readable.
 */
import { majorUnits, type StatementDocument } from './document';
import { statementLabels } from './texts';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const csvCell = (value: string): string => {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

const CSV_BOM = '\uFEFF';

export function renderCsv(doc: StatementDocument): string {
  const labels = statementLabels(doc.language);
  const h = labels.header;
  const c = labels.columns;
  const header = [
    [h.statement, doc.title],
    [h.currency, doc.currency],
    [h.from, doc.from.toISOString()],
    [h.to, doc.to.toISOString()],
    [h.opening, majorUnits(doc.opening)],
    [h.closing, majorUnits(doc.closing)],
    [h.credits, majorUnits(doc.credits)],
    [h.debits, majorUnits(doc.debits)],
    [h.generated, doc.generatedAt.toISOString()],
  ].map((cells) => csvLine(cells));
  const columns = csvLine([c.date, c.type, c.description, c.reference, c.status, c.credit, c.debit, c.balance, c.currency, c.id, c.typeCode]);
  const rows = doc.rows.map((row) =>
    csvLine([
      row.at.toISOString(),
      row.type,
      row.description,
      row.reference,
      row.status,
      row.delta > 0 ? majorUnits(row.delta) : '',
      row.delta < 0 ? majorUnits(-row.delta) : '',
      majorUnits(row.balance),
      doc.currency,
      row.id,
      row.typeCode,
    ]),
  );
  return `${CSV_BOM}${header.join('')}\r\n${columns}${rows.join('')}`;
}
