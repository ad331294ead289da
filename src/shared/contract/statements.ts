/**
 * History search filters and statements (issue #14 "History"): the filter fields the wallet and card history lists
 * take, and the statement export (CSV) through a short-lived single-use download link. docs/api.md "History search
 * and statements".
 */
import * as z from 'zod/mini';
import { Currency, defineEndpoint, Id, noNul, Timestamp } from './core';

/** Longest search text (characters). Longer → 400 VALIDATION_ERROR. */
export const HISTORY_SEARCH_MAX = 100;
/** Longest statement period: a little over a year, so a calendar year in any time zone fits. */
export const STATEMENT_MAX_DAYS = 367;

/**
 * Filter fields shared by `wallet.transactions` and `cards.transactions` (spread into their query objects):
 * `from` (inclusive) and `to` (exclusive) are ISO 8601 instants, so the client chooses the day boundaries of the
 * user's time zone; `q` is free text matched against amounts (`12.5`, `12,50`) and references (order id, tx hash,
 * merchant, product), case-insensitively as a plain substring: `%` and `_` are ordinary characters.
 */
export const historyFilterShape = {
  from: z.optional(Timestamp),
  to: z.optional(Timestamp),
  q: z.optional(z.string().check(z.maxLength(HISTORY_SEARCH_MAX), noNul)),
};

/** `from` must be before `to` when both are given (a check for the query objects that spread the shape). */
export const periodInOrder = z.refine<{ from?: string; to?: string }>(
  (value) => !value.from || !value.to || Date.parse(value.from) < Date.parse(value.to),
  { message: '`from` must be before `to`', path: ['to'] },
);

/** What an amount search text means in minor units (both currencies have 2 decimals), or null if it is not an amount. */
export const searchAmountMinor = (text: string): number | null => {
  const match = /^\s*(\d{1,13})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
};

// ── Statements ─────────────────────────────────────────────────────────────────────────────────────

/** The file a statement is made as: a spreadsheet (CSV) or a document to read and print (PDF). */
export const StatementFormat = z.enum(['csv', 'pdf']);
export type StatementFormat = z.infer<typeof StatementFormat>;

/** An IANA time zone name the runtime knows ("Europe/Moscow"): the PDF shows times in it. */
export const TimeZone = z.string().check(
  z.maxLength(64),
  z.refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, { message: 'Unknown time zone' }),
);

/**
 * A statement of one wallet currency (`currency`) or of one card (`cardId`), exactly one of them, over
 * [`from`, `to`) (at most STATEMENT_MAX_DAYS): `format` csv (default) or pdf, its words in `language` (en default),
 * the PDF's times in `timeZone` (UTC default).
 */
export const StatementLinkBody = z
  .strictObject({
    currency: z.optional(Currency),
    cardId: z.optional(Id),
    from: Timestamp,
    to: Timestamp,
    format: z.optional(StatementFormat),
    language: z.optional(z.enum(['en', 'ru'])),
    timeZone: z.optional(TimeZone),
  })
  .check(
    z.refine((b) => (b.currency === undefined) !== (b.cardId === undefined), {
      message: 'Give exactly one of `currency` (a wallet statement) or `cardId` (a card statement)',
      path: ['currency'],
    }),
    z.refine((b) => Date.parse(b.from) < Date.parse(b.to), { message: '`from` must be before `to`', path: ['to'] }),
    z.refine((b) => Date.parse(b.to) - Date.parse(b.from) <= STATEMENT_MAX_DAYS * 86_400_000, {
      message: `The period may be at most ${STATEMENT_MAX_DAYS} days`,
      path: ['to'],
    }),
  );
export type StatementLinkBody = z.infer<typeof StatementLinkBody>;

/** A one-time download link (no bearer token in it; docs/api.md "Statement download links"). */
export const StatementLink = z.object({
  /** Path of the download on the API origin: `/api/statements/download/{token}`. Works once, until `expiresAt`. */
  path: z.string(),
  fileName: z.string(),
  expiresAt: Timestamp,
});
export type StatementLink = z.infer<typeof StatementLink>;

export const statementsCreateLink = defineEndpoint({
  id: 'statements.createLink',
  method: 'POST',
  path: '/api/statements/links',
  auth: 'bearer',
  tag: 'statements',
  summary: 'A single-use, short-lived link to download a statement (CSV or PDF) of a wallet currency or a card.',
  body: StatementLinkBody,
  response: StatementLink,
});

/**
 * The download itself: `GET /api/statements/download/{token}` answers `text/csv` or `application/pdf` (an attachment), not the JSON
 * envelope, so it is not a `defineEndpoint` (the registry's calls all answer the envelope); its failures do answer
 * the envelope (`410 STATEMENT_LINK_INVALID` for an unknown, used or expired link; no bearer token is read).
 */
export const STATEMENT_DOWNLOAD = {
  path: '/api/statements/download/{token}',
  params: z.object({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)) }),
} as const;

export const statementsEndpoints = {
  'statements.createLink': statementsCreateLink,
} as const;
