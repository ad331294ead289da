/** A card's trades (purchases, refunds) and its transactions (owner only). */
import type { CardTransaction, CardTransactionType, cardsTrades, cardsTransactions, Trade, TradeStatus } from '@/shared/contract/cards';
import type { Currency } from '@/shared/contract/core';
import { searchAmountMinor } from '@/shared/contract/statements';
import type { Db, SqlParam } from '../../../db/db';
import { DEFAULT_PAGE_SIZE } from '../../products';
import { ownedCard } from '../store';
import { keysetAfter, pageOf, type CardsRequest, type Page } from './shared';

export const listTrades = async ({ db, user, params, query }: CardsRequest<typeof cardsTrades>): Promise<Page<Trade>> => {
  const card = await ownedCard(db, user.userId, params.card_id);
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const after = keysetAfter(query.cursor);
  const rows = await db.query<TradeRow>(
    `SELECT * FROM card_trades
     WHERE card_id = $1 AND ($2::text IS NULL OR kind = $2) AND ($3::text IS NULL OR status = $3)
       AND ($4::timestamptz IS NULL OR (created_at, id) < ($4::timestamptz, $5::text))
     ORDER BY created_at DESC, id DESC LIMIT $6`,
    [card.id, query.kind ?? null, query.status ?? null, after?.at ?? null, after?.id ?? null, limit + 1],
  );
  return pageOf(rows, limit, toTrade);
};

/** One trade by id (the sandbox purchase/refund controls answer it). */
export const tradeById = async (db: Db, tradeId: string): Promise<Trade> => {
  const [row] = await db.query<TradeRow>('SELECT * FROM card_trades WHERE id = $1', [tradeId]);
  if (!row) throw new Error(`trade ${tradeId} not found`);
  return toTrade(row);
};

export const listCardTransactions = async ({ db, user, params: path, query }: CardsRequest<typeof cardsTransactions>): Promise<Page<CardTransaction>> => {
  const card = await ownedCard(db, user.userId, path.id);
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const after = keysetAfter(query.cursor);
  const params: SqlParam[] = [card.id];
  const add = (value: SqlParam) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['card_id = $1'];
  if (query.type) where.push(`type = ${add(query.type)}`);
  if (after) where.push(`(created_at, id) < (${add(after.at)}::timestamptz, ${add(after.id)}::text)`);
  if (query.from) where.push(`created_at >= ${add(new Date(query.from))}`);
  if (query.to) where.push(`created_at < ${add(new Date(query.to))}`);
  const text = query.q?.trim();
  if (text) {
    // Merchant as a plain substring (strpos, not LIKE: `%` and `_` are ordinary characters) or the exact amount.
    const matches = [`strpos(lower(coalesce(merchant_name, '')), ${add(text.toLowerCase())}) > 0`];
    const minor = searchAmountMinor(text);
    if (minor !== null) matches.push(`amount = ${add(minor)}`);
    where.push(`(${matches.join(' OR ')})`);
  }
  const rows = await db.query<CardTransactionRow>(
    `SELECT * FROM card_transactions WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ${add(limit + 1)}`,
    params,
  );
  return pageOf(rows, limit, toCardTransaction);
};

// ── Rows → contract ───────────────────────────────────────────────────────────────────────────────

export interface TradeRow extends Record<string, unknown> {
  id: string;
  card_id: string;
  kind: 'purchase' | 'refund';
  merchant_name: string;
  merchant_mcc: string | null;
  merchant_country: string | null;
  amount: number;
  currency: Currency;
  original_amount: number | null;
  original_currency: string | null;
  status: TradeStatus;
  decline_reason: string | null;
  created_at: Date;
}

export const toTrade = (row: TradeRow): Trade => ({
  id: row.id,
  cardId: row.card_id,
  kind: row.kind,
  merchant: { name: row.merchant_name, mcc: row.merchant_mcc, country: row.merchant_country },
  amount: { amount: row.amount, currency: row.currency },
  originalAmount: row.original_amount !== null && row.original_currency ? { amount: row.original_amount, currency: row.original_currency } : null,
  status: row.status,
  declineReason: row.decline_reason,
  createdAt: row.created_at.toISOString(),
});

export interface CardTransactionRow extends Record<string, unknown> {
  id: string;
  card_id: string;
  type: CardTransactionType;
  direction: 'credit' | 'debit';
  amount: number;
  currency: Currency;
  status: 'pending' | 'completed' | 'failed';
  merchant_name: string | null;
  trade_id: string | null;
  wallet_transaction_id: string | null;
  created_at: Date;
}

export const toCardTransaction = (row: CardTransactionRow): CardTransaction => ({
  id: row.id,
  cardId: row.card_id,
  type: row.type,
  direction: row.direction,
  amount: { amount: row.amount, currency: row.currency },
  status: row.status,
  createdAt: row.created_at.toISOString(),
  merchantName: row.merchant_name,
  tradeId: row.trade_id,
  walletTransactionId: row.wallet_transaction_id,
});
