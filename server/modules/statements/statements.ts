/**
 * Statements (docs/api.md "History search and statements"): the CSV or PDF of one ledger account — a wallet currency
 * or a card — over [from, to), read from the ledger itself so it reconciles by construction: the opening balance is
 * the sum of the account's entries before `from`, each row is one ledger transaction's net movement on the account,
 * and the closing balance is opening + rows (= the sum of entries before `to`). In the user's language (the link
 * remembers it); delivered through a single-use link.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Currency, StatementFormat, StatementLink, statementsCreateLink } from '@/shared/contract';
import { addSeconds, type Clock } from '../../clock';
import type { Queryable } from '../../db/db';
import { catalogError } from '../../http/errors';
import { accountIds } from '../ledger';
import { renderCsv } from './csv';
import { buildStatement, type MovementRow } from './document';
import { renderPdf } from './pdf';
import type { StatementsDeps, StatementsRequest } from './shared';
import { statementLabels, type StatementLanguage } from './texts';

/** A PDF is laid out page by page: past this many rows the CSV is the file to use (422 STATEMENT_TOO_LARGE). */
const STATEMENT_PDF_MAX_ROWS = 3000;

/** How long a download link works (seconds): long enough for Telegram to start the download, no longer. */
export const STATEMENT_LINK_TTL_SECONDS = 60;

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const linkInvalid = () =>
  catalogError('STATEMENT_LINK_INVALID', 'This statement link is unknown, was used already or has expired. Create a new one.');

interface LinkRow extends Record<string, unknown> {
  user_id: string;
  account_id: string;
  currency: Currency;
  title: string;
  period_from: Date;
  period_to: Date;
  file_name: string;
  format: StatementFormat;
  language: StatementLanguage;
  time_zone: string | null;
  card_id: string | null;
}

export interface StatementFile {
  fileName: string;
  contentType: string;
  body: string | Buffer;
}

interface MoveRow extends MovementRow, Record<string, unknown> {
  opening: number;
}

const statement = async (q: Queryable, clock: Clock, link: LinkRow) => {
  // One statement: the rows of the period and the opening balance come from the same snapshot.
  const rows = await q.query<MoveRow>(
    `SELECT t.id, t.type, t.status, t.details, t.reference, t.created_at, sum(e.amount)::bigint AS delta,
       (SELECT coalesce(sum(e2.amount), 0)::bigint FROM ledger_entries e2 JOIN ledger_transactions t2 ON t2.id = e2.transaction_id
        WHERE e2.account_id = $1 AND t2.created_at < $2) AS opening
     FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
     WHERE e.account_id = $1 AND t.created_at >= $2 AND t.created_at < $3
     GROUP BY t.id, t.type, t.status, t.details, t.reference, t.created_at
     HAVING sum(e.amount) <> 0
     ORDER BY t.created_at, t.id`,
    [link.account_id, link.period_from, link.period_to],
  );
  const opening = rows.length
    ? Number(rows[0]!.opening)
    : Number(
        (
          await q.query<{ opening: number }>(
            `SELECT coalesce(sum(e.amount), 0)::bigint AS opening FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
             WHERE e.account_id = $1 AND t.created_at < $2`,
            [link.account_id, link.period_from],
          )
        )[0]?.opening ?? 0,
      );
  return buildStatement({
    language: link.language,
    account: link.card_id ? 'card' : 'wallet',
    title: link.title,
    currency: link.currency,
    from: link.period_from,
    to: link.period_to,
    opening,
    generatedAt: clock.now(),
    movements: rows,
  });
};

/** A single-use link to the statement the body asks for; a card must be the caller's (else 404 like an unknown card). */
export const createStatementLink = async ({ db, clock, user, body }: StatementsRequest<typeof statementsCreateLink>): Promise<StatementLink> => {
  const { userId } = user;
  const now = clock.now();
  const format = body.format ?? 'csv';
  const language = body.language ?? 'en';
  const labels = statementLabels(language);
  let account: { id: string; currency: Currency; title: string; slug: string };
  if (body.cardId !== undefined) {
    const [card] = await db.query<{ id: string; currency: Currency; last4: string | null }>(
      'SELECT id, currency, last4 FROM cards WHERE id = $1 AND user_id = $2',
      [body.cardId, userId],
    );
    if (!card) throw catalogError('CARD_NOT_FOUND', 'No card with this id.');
    account = {
      id: accountIds.card(card.id),
      currency: card.currency,
      title: labels.cardTitle(card.last4),
      slug: `card-${card.last4 ?? 'new'}`,
    };
  } else {
    const currency = body.currency!;
    account = { id: accountIds.wallet(userId, currency), currency, title: labels.walletTitle(currency), slug: `wallet-${currency}` };
  }
  const from = new Date(body.from);
  const to = new Date(body.to);
  const lastDay = new Date(to.getTime() - 1).toISOString().slice(0, 10);
  const fileName = `statement-${account.slug}-${from.toISOString().slice(0, 10)}-${lastDay}.${format}`;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = addSeconds(now, STATEMENT_LINK_TTL_SECONDS);
  await db.query('DELETE FROM statement_links WHERE user_id = $1 AND expires_at < $2', [userId, now]);
  await db.query(
    `INSERT INTO statement_links (token_hash, user_id, account_id, currency, card_id, title, period_from, period_to, file_name,
       created_at, expires_at, format, language, time_zone)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [hashToken(token), userId, account.id, account.currency, body.cardId ?? null, account.title, from, to, fileName, now, expiresAt, format, language, body.timeZone ?? null],
  );
  return { path: `/api/statements/download/${token}`, fileName, expiresAt: expiresAt.toISOString() };
};

/**
 * Uses the link (one UPDATE: of two concurrent downloads exactly one wins) and writes the statement. Unknown, used,
 * expired and malformed tokens get the same answer.
 */
export const downloadStatement = async ({ db, clock }: StatementsDeps, token: string): Promise<StatementFile> => {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw linkInvalid();
  const [link] = await db.query<LinkRow>(
    `UPDATE statement_links SET used_at = $2
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
     RETURNING user_id, account_id, currency, card_id, title, period_from, period_to, file_name, format, language, time_zone`,
    [hashToken(token), clock.now()],
  );
  if (!link) throw linkInvalid();
  const doc = await statement(db, clock, link);
  if (link.format === 'pdf') {
    if (doc.rows.length > STATEMENT_PDF_MAX_ROWS) {
      throw catalogError('STATEMENT_TOO_LARGE', `A PDF statement holds at most ${STATEMENT_PDF_MAX_ROWS} transactions: choose a shorter period, or the CSV.`);
    }
    return { fileName: link.file_name, contentType: 'application/pdf', body: await renderPdf(doc, link.time_zone ?? 'UTC') };
  }
  return { fileName: link.file_name, contentType: 'text/csv; charset=utf-8', body: renderCsv(doc) };
};
