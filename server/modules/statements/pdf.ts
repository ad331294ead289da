/**
 * The PDF statement (issue #35): pdfmake 0.3 with the Roboto it ships (Latin and Cyrillic glyphs), embedded in the
 * file, so a Russian statement reads the same on any device. The same document as the CSV: the account and period,
 * the balances, one row per movement (date, name and description, credit, debit, running balance), in the
 * statement's language, money with Intl in that language, times in the user's time zone (UTC when not given).
 * Nothing outside is read: no URL is fetched and only the bundled fonts' folder may be read from disk.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { StatementDocument } from './document';
import { statementLabels } from './texts';

/** The part of pdfmake 0.3's server build (a CommonJS singleton, no types shipped) the statements use. */
interface PdfMake {
  setFonts(fonts: Record<string, { normal: string; bold: string; italics: string; bolditalics: string }>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  createPdf(definition: Record<string, unknown>): { getBuffer(): Promise<Buffer> };
}

const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake') as PdfMake;
/** pdfmake's own Roboto (Regular, Medium, Italic, MediumItalic). */
const ROBOTO: { Roboto: { normal: string; bold: string; italics: string; bolditalics: string } } = require('pdfmake/fonts/Roboto.js');
const FONT_DIR = dirname(ROBOTO.Roboto.normal);

let configured = false;
/** pdfmake set up once per process: its Roboto, no URL fetched, only the fonts' folder readable. */
export const pdfMaker = (): PdfMake => {
  if (!configured) {
    pdfmake.setFonts(ROBOTO);
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => dirname(path) === FONT_DIR);
    configured = true;
  }
  return pdfmake;
};

export const LOCALE = { en: 'en-US', ru: 'ru-RU' } as const;

/** A long reference (a 64-character tx hash) cannot wrap in a table cell: its ends, the CSV has it whole. */
const shortReference = (reference: string): string => (reference.length > 24 ? `${reference.slice(0, 10)}…${reference.slice(-8)}` : reference);

export async function renderPdf(doc: StatementDocument, timeZone = 'UTC'): Promise<Buffer> {
  const labels = statementLabels(doc.language);
  const locale = LOCALE[doc.language];
  const moneyFormat = new Intl.NumberFormat(locale, { style: 'currency', currency: doc.currency });
  const money = (minor: number) => moneyFormat.format(minor / 100);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone });
  const lastInstant = new Date(doc.to.getTime() - 1);
  const c = labels.columns;
  const h = labels.header;
  const cell = (text: string, style?: string) => ({ text, ...(style ? { style } : {}) });
  const body = [
    [c.date, `${c.type} · ${c.description}`, c.credit, c.debit, c.balance].map((text, index) => ({ ...cell(text, 'th'), ...(index > 1 ? { alignment: 'right' } : {}) })),
    ...doc.rows.map((row) => [
      cell(dateTime.format(row.at), 'small'),
      {
        stack: [
          { text: row.type, bold: true },
          ...(row.description ? [{ text: row.description }] : []),
          { text: [row.status, shortReference(row.reference)].filter(Boolean).join(' · '), style: 'muted' },
        ],
      },
      cell(row.delta > 0 ? money(row.delta) : '', 'amount'),
      cell(row.delta < 0 ? money(-row.delta) : '', 'amount'),
      cell(money(row.balance), 'amount'),
    ]),
  ];
  const definition = {
    pageSize: 'A4',
    pageMargins: [36, 40, 36, 48],
    info: { title: `${labels.statement}: ${doc.title}`, creator: 'Tonic Wallet' },
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
    styles: {
      h1: { fontSize: 18, bold: true, margin: [0, 0, 0, 2] },
      sub: { fontSize: 11, color: '#444444', margin: [0, 0, 0, 12] },
      th: { bold: true, color: '#555555' },
      small: { fontSize: 8 },
      muted: { fontSize: 7.5, color: '#666666' },
      amount: { alignment: 'right' },
    },
    content: [
      { text: `${labels.statement}: ${doc.title}`, style: 'h1' },
      { text: `${date.format(doc.from)} – ${date.format(lastInstant)} · ${doc.currency}`, style: 'sub' },
      {
        table: {
          widths: ['*', 'auto'],
          body: [
            [h.opening, money(doc.opening)],
            [h.credits, money(doc.credits)],
            [h.debits, money(doc.debits)],
            [{ text: h.closing, bold: true }, { text: money(doc.closing), bold: true }],
          ].map(([label, value]) => [label, typeof value === 'string' ? { text: value, alignment: 'right' } : { ...(value as object), alignment: 'right' }]),
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 14],
      },
      doc.rows.length
        ? { table: { headerRows: 1, dontBreakRows: true, widths: [54, '*', 58, 58, 62], body }, layout: 'lightHorizontalLines' }
        : { text: labels.noRows, style: 'sub' },
    ],
    footer: (page: number, pages: number) => ({
      columns: [
        { text: `${h.generated}: ${dateTime.format(doc.generatedAt)}`, style: 'muted' },
        { text: labels.page(page, pages), alignment: 'right', style: 'muted' },
      ],
      margin: [36, 12, 36, 0],
    }),
  };
  return pdfMaker().createPdf(definition).getBuffer();
}
