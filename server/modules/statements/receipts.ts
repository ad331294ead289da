/**
 * Receipt links (issue #35): a single-use, short-lived link to one transaction's PDF receipt, made like a statement's
 * (docs/api.md "Statement download links": the token's hash stored, one UPDATE uses it, the same 410 for anything
 * wrong). The transaction must be the caller's when the link is made (else its 404, as the details answer) and is read
 * again, as its owner, when the link is used.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { receiptsCreateLink, ReceiptTarget, StatementLink } from '@/shared/contract';
import { addSeconds } from '../../clock';
import { catalogError } from '../../http/errors';
import { cardTradeDetails, cardTransactionDetails, walletTransactionDetails, type DetailsDeps } from '../transaction-details';
import { renderReceiptPdf, type ReceiptDetails } from './receipt';
import type { StatementsDeps, StatementsRequest } from './shared';
import { STATEMENT_LINK_TTL_SECONDS, type StatementFile } from './statements';
import type { StatementLanguage } from './texts';

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const linkInvalid = () => catalogError('STATEMENT_LINK_INVALID', 'This receipt link is unknown, was used already or has expired. Create a new one.');

/** The receipt's transaction, read as its owner (anyone else's: the details' 404). */
const receiptDetails = async (details: DetailsDeps, userId: string, target: ReceiptTarget, language: StatementLanguage): Promise<ReceiptDetails> => {
  switch (target.kind) {
    case 'wallet':
      return { kind: 'wallet', data: await walletTransactionDetails(details, userId, target.transactionId, language) };
    case 'card':
      return { kind: 'card', data: await cardTransactionDetails(details, userId, target.cardId, target.transactionId, language) };
    case 'trade':
      return { kind: 'trade', data: await cardTradeDetails(details, userId, target.cardId, target.tradeId, language) };
  }
};

/** A single-use link to the receipt of one of the caller's transactions. */
export const createReceiptLink = async (ctx: StatementsRequest<typeof receiptsCreateLink>): Promise<StatementLink> => {
  const { db, clock, body } = ctx;
  const { userId } = ctx.user;
  const language = body.language ?? 'en';
  await receiptDetails(ctx, userId, body.target, language); // the caller's transaction, or its 404
  const now = clock.now();
  const id = body.target.kind === 'trade' ? body.target.tradeId : body.target.transactionId;
  const fileName = `receipt-${id.replace(/[^A-Za-z0-9_-]/g, '')}.pdf`;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = addSeconds(now, STATEMENT_LINK_TTL_SECONDS);
  await db.query('DELETE FROM receipt_links WHERE user_id = $1 AND expires_at < $2', [userId, now]);
  await db.query(
    `INSERT INTO receipt_links (token_hash, user_id, target, language, time_zone, file_name, created_at, expires_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8)`,
    [hashToken(token), userId, JSON.stringify(body.target), language, body.timeZone ?? null, fileName, now, expiresAt],
  );
  return { path: `/api/receipts/download/${token}`, fileName, expiresAt: expiresAt.toISOString() };
};

/** Uses the link (one UPDATE: of two concurrent downloads exactly one wins) and writes the receipt's PDF. */
export const downloadReceipt = async (deps: StatementsDeps, token: string): Promise<StatementFile> => {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw linkInvalid();
  const { db, clock } = deps;
  const [link] = await db.query<{ user_id: string; target: ReceiptTarget; language: StatementLanguage; time_zone: string | null; file_name: string }>(
    `UPDATE receipt_links SET used_at = $2
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
     RETURNING user_id, target, language, time_zone, file_name`,
    [hashToken(token), clock.now()],
  );
  if (!link) throw linkInvalid();
  const details = await receiptDetails(deps, link.user_id, link.target, link.language);
  return { fileName: link.file_name, contentType: 'application/pdf', body: await renderReceiptPdf(details, link.language, link.time_zone ?? 'UTC', clock.now()) };
};
