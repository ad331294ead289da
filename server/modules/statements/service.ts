/**
 * Statements (docs/api.md "History search and statements"): the CSV of one ledger account — a wallet currency or a
 * card — over [from, to), read from the ledger itself so it reconciles by construction: the opening balance is the
 * sum of the account's entries before `from`, each row is one ledger transaction's net movement on the account, and
 * the closing balance is opening + rows (= the sum of entries before `to`). Delivered through a single-use link.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Currency, StatementLink, StatementLinkBody } from '@/shared/contract';
import { addSeconds, type Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { catalogError } from '../../http/errors';
import { accountIds } from '../ledger';
import { CSV_BOM, csvLine, majorUnits } from './csv';

/** How long a download link works (seconds): long enough for Telegram to start the download, no longer. */
const STATEMENT_LINK_TTL_SECONDS = 60;

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
}

interface MoveRow extends Record<string, unknown> {
  id: string;
  type: string;
  status: string;
  details: Record<string, unknown> | null;
  reference: string | null;
  created_at: Date;
  delta: number;
  opening: number;
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** A short English description of a movement from the ledger's structured details (no user-made text but names). */
const describe = (type: string, details: Record<string, unknown>): string => {
  const money = (value: unknown) => {
    const m = value as { amount?: number; currency?: string } | null;
    return m && typeof m.amount === 'number' ? `${majorUnits(m.amount)} ${text(m.currency)}` : '';
  };
  switch (type) {
    case 'usdtDeposit':
      return `USDT ${text(details.usdtAmount)} (TRON)`;
    case 'sbpTopup':
      return `SBP order ${text(details.orderId)}`;
    case 'currencyExchange':
      return `Exchange: ${money(details.counterAmount)} at ${text(details.rate)}`;
    case 'cardIssue':
      return `Card issue: ${text(details.productName)}`;
    case 'cardTransfer':
      return details.cardLast4 ? `Card top-up •••• ${text(details.cardLast4)}` : 'Card top-up';
    case 'serviceCommission':
      return `Fee: ${text(details.reason)}`;
    case 'promoBonus':
      return `Referral bonus: ${text(details.referralName)}`;
    case 'manualAdjustment':
      return details.kind === 'goodwill' ? 'Goodwill credit' : 'Correction';
    default:
      return text(details.merchantName);
  }
};

/** The reference a user or support can look up: tx hash, order id, or the ledger's own. */
const referenceOf = (row: MoveRow): string => row.reference || text(row.details?.txHash) || text(row.details?.orderId);

export class StatementsService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /** A single-use link to the statement the body asks for; a card must be the caller's (else 404 like an unknown card). */
  async createLink(userId: string, body: StatementLinkBody): Promise<StatementLink> {
    const { db, clock } = this.deps;
    const now = clock.now();
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
        title: card.last4 ? `Card •••• ${card.last4}` : 'Card',
        slug: `card-${card.last4 ?? 'new'}`,
      };
    } else {
      const currency = body.currency!;
      account = { id: accountIds.wallet(userId, currency), currency, title: `Wallet ${currency}`, slug: `wallet-${currency}` };
    }
    const from = new Date(body.from);
    const to = new Date(body.to);
    const lastDay = new Date(to.getTime() - 1).toISOString().slice(0, 10);
    const fileName = `statement-${account.slug}-${from.toISOString().slice(0, 10)}-${lastDay}.csv`;
    const token = randomBytes(32).toString('base64url');
    const expiresAt = addSeconds(now, STATEMENT_LINK_TTL_SECONDS);
    await db.query('DELETE FROM statement_links WHERE user_id = $1 AND expires_at < $2', [userId, now]);
    await db.query(
      `INSERT INTO statement_links (token_hash, user_id, account_id, currency, card_id, title, period_from, period_to, file_name,
         created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [hashToken(token), userId, account.id, account.currency, body.cardId ?? null, account.title, from, to, fileName, now, expiresAt],
    );
    return { path: `/api/statements/download/${token}`, fileName, expiresAt: expiresAt.toISOString() };
  }

  /**
   * Uses the link (one UPDATE: of two concurrent downloads exactly one wins) and writes the statement. Unknown, used,
   * expired and malformed tokens get the same answer.
   */
  async download(token: string): Promise<{ fileName: string; csv: string }> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw linkInvalid();
    const { db, clock } = this.deps;
    const [link] = await db.query<LinkRow>(
      `UPDATE statement_links SET used_at = $2
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING user_id, account_id, currency, title, period_from, period_to, file_name`,
      [hashToken(token), clock.now()],
    );
    if (!link) throw linkInvalid();
    return { fileName: link.file_name, csv: await this.statementCsv(db, link) };
  }

  private async statementCsv(q: Queryable, link: LinkRow): Promise<string> {
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
    let balance = opening;
    let credits = 0;
    let debits = 0;
    const body: string[] = [];
    for (const row of rows) {
      const delta = Number(row.delta);
      balance += delta;
      if (delta > 0) credits += delta;
      else debits -= delta;
      body.push(
        csvLine([
          row.created_at.toISOString(),
          row.type,
          describe(row.type, row.details ?? {}),
          referenceOf(row),
          row.status,
          delta > 0 ? majorUnits(delta) : '',
          delta < 0 ? majorUnits(-delta) : '',
          majorUnits(balance),
          link.currency,
          row.id,
        ]),
      );
    }
    const header = [
      ['Statement', link.title],
      ['Currency', link.currency],
      ['Period from', link.period_from.toISOString()],
      ['Period to', link.period_to.toISOString()],
      ['Opening balance', majorUnits(opening)],
      ['Closing balance', majorUnits(balance)],
      ['Total credits', majorUnits(credits)],
      ['Total debits', majorUnits(debits)],
      ['Generated at', this.deps.clock.now().toISOString()],
    ].map((cells) => csvLine(cells));
    const columns = csvLine(['Date', 'Type', 'Description', 'Reference', 'Status', 'Credit', 'Debit', 'Balance', 'Currency', 'Transaction id']);
    return `${CSV_BOM}${header.join('')}\r\n${columns}${body.join('')}`;
  }
}
