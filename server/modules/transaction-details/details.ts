/**
 * The details sheet's data (issue #14 "History"): one wallet history row or one card transaction by id, owner only
 * (anyone else's id answers 404 exactly like an unknown one). Reads only: it joins what the wallet and the cards
 * modules already store (ledger, commissions, card, SBP payment, top-up, trade) into the contract's details shapes.
 * docs/api.md "Transaction details".
 */
import type {
  Card,
  cardsTradeGet,
  cardsTransactionGet,
  CardTradeDetails,
  CardTransactionDetails,
  Money,
  SbpPayment,
  TimelineStep,
  TransactionFee,
  WalletHistorySource,
  WalletTransaction,
  WalletTransactionDetails,
  walletTransactionGet,
} from '@/shared/contract';
import type { Queryable } from '../../db/db';
import { catalogError } from '../../http/errors';
import { cardView, ownedCard, toCardTransaction, toTrade, type CardRow, type CardTransactionRow, type TopupRow, type TradeRow } from '../cards';
import { WALLET_TRANSACTION_TYPES } from '../ledger';
import { DECLINED_SBP_HISTORY_SQL, MICRO_PER_CENT, RECEIVED_TRANSFERS_HISTORY_SQL, toSbpPayment, toWalletTransaction, type ListRow } from '../wallet';
import type { RequestLanguage } from '../../http/language';
import type { AnyEndpoint, RequestContext } from '../../http/route';

const notFound = () => catalogError('NOT_FOUND', 'No such transaction.');

/** accepted → processing → done | failed, from a status and its times. */
const timelineOf = (status: 'pending' | 'completed' | 'failed', createdAt: string, finishedAt: string | null): TimelineStep[] => [
  { stage: 'accepted', state: 'complete', at: createdAt },
  { stage: 'processing', state: status === 'pending' ? 'current' : 'complete', at: null },
  status === 'failed'
    ? { stage: 'failed', state: 'complete', at: finishedAt }
    : { stage: 'done', state: status === 'completed' ? 'complete' : 'upcoming', at: status === 'completed' ? finishedAt : null },
];

/** The SPEC §3 wallet types (constants of the money kernel) as an SQL list: internal ledger types are not history rows. */
const WALLET_TYPES_SQL = WALLET_TRANSACTION_TYPES.map((type) => `'${type}'`).join(', ');

const HISTORY_COLUMNS = 'id, type, status, details, direction, amount, currency, reference, failure_code, created_at, finished_at';

/** Held USDT deposits exactly as the history lists them (server/modules/wallet/history.ts), one by parked id. */
const HELD_DEPOSIT_SQL = `SELECT 'udp_' || id::text AS id, 'usdtDeposit'::text AS type, 'pending'::text AS status,
    jsonb_build_object('network', 'TRON', 'txHash', tx_hash, 'usdtAmount', NULL, 'amountMicro', amount_micro,
      'confirmations', 0, 'hold', jsonb_build_object('reason', reason)) AS details,
    'credit'::text AS direction, (amount_micro / ${MICRO_PER_CENT})::bigint AS amount, 'USD'::text AS currency,
    tx_hash AS reference, NULL::text AS failure_code, created_at, NULL::timestamptz AS finished_at
  FROM unmatched_deposits WHERE candidate_user_id = $1 AND resolved_at IS NULL AND id = $2::bigint`;

/** What the details readers need: the database (the request's, or the receipt link's) and the app's warnings. */
export interface DetailsDeps {
  db: Queryable;
  /** A history row that does not fit the contract is left out and logged (toWalletTransaction). */
  warn: (msg: string, data?: object) => void;
}

const splitSourceKey = (key: string): [string, string | undefined] => {
  const at = key.indexOf(':');
  return at < 0 ? [key, undefined] : [key.slice(0, at), key.slice(at + 1)];
};

/** The history row behind an id: a held deposit (`udp_…`), a declined SBP attempt (`sbp_…`) or a ledger transaction. */
const findHistoryRow = async (db: Queryable, userId: string, id: string): Promise<{ row: ListRow; source: WalletHistorySource }> => {
  if (id.startsWith('udp_')) {
    const parkedId = id.slice(4);
    if (!/^[1-9]\d{0,17}$/.test(parkedId) || BigInt(parkedId) > 9_223_372_036_854_775_807n) throw notFound();
    const [row] = await db.query<ListRow>(HELD_DEPOSIT_SQL, [userId, parkedId]);
    if (!row) throw notFound();
    return { row, source: 'heldDeposit' };
  }
  if (id.startsWith('sbp_')) {
    const [row] = await db.query<ListRow>(`SELECT ${HISTORY_COLUMNS} FROM (${DECLINED_SBP_HISTORY_SQL}) AS declined WHERE id = $2`, [userId, id]);
    if (!row) throw notFound();
    return { row, source: 'declinedSbp' };
  }
  const [row] = await db.query<ListRow>(
    `SELECT ${HISTORY_COLUMNS} FROM ledger_transactions WHERE user_id = $1 AND id = $2 AND type IN (${WALLET_TYPES_SQL})`,
    [userId, id],
  );
  if (row) return { row, source: 'ledger' };
  // A transfer another user sent: the same ledger transaction, seen from the recipient's side.
  const [received] = await db.query<ListRow>(`SELECT ${HISTORY_COLUMNS} FROM (${RECEIVED_TRANSFERS_HISTORY_SQL}) AS received WHERE id = $2`, [userId, id]);
  if (!received) throw notFound();
  return { row: received, source: 'ledger' };
};

/** An exchange's fee (inside its amount), or the commissions charged for this transaction (separate rows). */
const feesOf = async (db: Queryable, userId: string, transaction: WalletTransaction): Promise<TransactionFee[]> => {
  if (transaction.type === 'currencyExchange') {
    return transaction.details.fee.amount > 0 ? [{ reason: 'exchange', amount: transaction.details.fee, transactionId: null }] : [];
  }
  if (transaction.type === 'serviceCommission') return [];
  const rows = await db.query<{ id: string; amount: number; currency: Money['currency']; reason: TransactionFee['reason'] }>(
    `SELECT id, amount, currency, details->>'reason' AS reason FROM ledger_transactions
     WHERE user_id = $1 AND type = 'serviceCommission' AND details->>'relatedTransactionId' = $2 AND status <> 'failed'
     ORDER BY created_at, id`,
    [userId, transaction.id],
  );
  return rows.map((row) => ({ reason: row.reason, amount: { amount: Number(row.amount), currency: row.currency }, transactionId: row.id }));
};

const cardOf = async (db: Queryable, userId: string, transaction: WalletTransaction, lang: RequestLanguage): Promise<Card | null> => {
  const cardId =
    transaction.type === 'cardTransfer' || transaction.type === 'cardIssue' || transaction.type === 'serviceCommission'
      ? transaction.details.cardId
      : null;
  if (!cardId) return null;
  const [row] = await db.query<CardRow>('SELECT * FROM cards WHERE id = $1 AND user_id = $2', [cardId, userId]);
  return row ? cardView(db, row, lang) : null;
};

const sbpPaymentOf = async (db: Queryable, userId: string, transaction: WalletTransaction): Promise<SbpPayment | null> => {
  if (transaction.type !== 'sbpTopup') return null;
  const [row] = await db.query<Parameters<typeof toSbpPayment>[0]>('SELECT * FROM sbp_payments WHERE id = $1 AND user_id = $2', [
    transaction.details.paymentId,
    userId,
  ]);
  return row ? toSbpPayment(row) : null;
};

/** GET /api/wallet/transactions/{transactionId}. */
export const walletTransactionDetails = async (
  { db, warn }: DetailsDeps,
  userId: string,
  transactionId: string,
  lang: RequestLanguage,
): Promise<WalletTransactionDetails> => {
  const { row, source } = await findHistoryRow(db, userId, transactionId);
  const transaction = toWalletTransaction(row, warn);
  if (!transaction) throw notFound();
  const fees = await feesOf(db, userId, transaction);
  const separateFees = fees.filter((fee) => fee.transactionId !== null).reduce((sum, fee) => sum + fee.amount.amount, 0);
  return {
    transaction,
    source,
    timeline: timelineOf(transaction.status, transaction.createdAt, transaction.finishedAt),
    fees,
    total: transaction.direction === 'debit' ? { amount: transaction.amount.amount + separateFees, currency: transaction.amount.currency } : null,
    card: await cardOf(db, userId, transaction, lang),
    sbpPayment: await sbpPaymentOf(db, userId, transaction),
  };
};

/** GET /api/cards/{id}/transactions/{transactionId}: CARD_NOT_FOUND for anyone else's card, NOT_FOUND for a row not on it. */
export const cardTransactionDetails = async ({ db }: DetailsDeps, userId: string, cardId: string, transactionId: string, lang: RequestLanguage): Promise<CardTransactionDetails> => {
  const cardRow = await ownedCard(db, userId, cardId);
  const [row] = await db.query<CardTransactionRow & { source_key: string; updated_at: Date }>(
    'SELECT * FROM card_transactions WHERE id = $1 AND card_id = $2',
    [transactionId, cardRow.id],
  );
  if (!row) throw notFound();
  const transaction = toCardTransaction(row);
  const money = (amount: number): Money => ({ amount, currency: cardRow.currency });
  let failureCode: string | null = null;
  let fee: Money | null = null;
  let walletDebit: Money | null = null;
  let transferId: string | null = null;
  let trade = null;
  const [kind, sourceId] = splitSourceKey(row.source_key);
  if (kind === 'topup' && sourceId) {
    const [topup] = await db.query<TopupRow>('SELECT * FROM card_topups WHERE id = $1 AND card_id = $2', [sourceId, cardRow.id]);
    if (topup) {
      transferId = topup.id;
      fee = money(topup.fee);
      walletDebit = money(topup.amount + topup.fee);
      failureCode = topup.failure_code;
    }
  } else if (kind === 'issue') {
    const issueFee = cardRow.creation_fee + cardRow.issuing_fee + cardRow.deposit_fee;
    fee = money(issueFee);
    walletDebit = money(cardRow.initial_deposit + issueFee);
    if (row.status === 'failed') failureCode = cardRow.status_reason;
  }
  if (transaction.tradeId) {
    const [tradeRow] = await db.query<TradeRow>('SELECT * FROM card_trades WHERE id = $1 AND card_id = $2', [transaction.tradeId, cardRow.id]);
    if (tradeRow) {
      trade = toTrade(tradeRow);
      failureCode ??= trade.declineReason;
    }
  }
  const finishedAt = row.status === 'pending' ? null : row.updated_at.toISOString();
  return {
    transaction,
    timeline: timelineOf(transaction.status, transaction.createdAt, finishedAt),
    failureCode: transaction.status === 'failed' ? failureCode : null,
    fee,
    walletDebit,
    transferId,
    card: await cardView(db, cardRow, lang),
    trade,
  };
};

/**
 * GET /api/cards/{id}/trades/{tradeId}: CARD_NOT_FOUND for anyone else's card, NOT_FOUND for a trade not on it.
 * A trade is decided when the issuer reports it (settled at once in the sandbox): declined → `failed` with its
 * reason; completed and reversed → `done`, finished when its card transaction was written (else when reported).
 */
export const cardTradeDetails = async ({ db }: DetailsDeps, userId: string, cardId: string, tradeId: string, lang: RequestLanguage): Promise<CardTradeDetails> => {
  const cardRow = await ownedCard(db, userId, cardId);
  const [tradeRow] = await db.query<TradeRow>('SELECT * FROM card_trades WHERE id = $1 AND card_id = $2', [tradeId, cardRow.id]);
  if (!tradeRow) throw notFound();
  const trade = toTrade(tradeRow);
  const rows = await db.query<CardTransactionRow & { updated_at: Date }>(
    'SELECT * FROM card_transactions WHERE card_id = $1 AND trade_id = $2 ORDER BY created_at, id',
    [cardRow.id, trade.id],
  );
  const status = trade.status === 'pending' ? 'pending' : trade.status === 'declined' ? 'failed' : 'completed';
  const own = rows.find((row) => row.type === trade.kind);
  const finishedAt = status === 'pending' ? null : (own?.updated_at.toISOString() ?? trade.createdAt);
  return {
    trade,
    timeline: timelineOf(status, trade.createdAt, finishedAt),
    failureCode: trade.status === 'declined' ? trade.declineReason : null,
    card: await cardView(db, cardRow, lang),
    transactions: rows.map(toCardTransaction),
  };
};

type DetailsRequest<E extends AnyEndpoint> = RequestContext<E, DetailsDeps>;

/** GET /api/wallet/transactions/{transactionId}. */
export const getWalletTransaction = (ctx: DetailsRequest<typeof walletTransactionGet>): Promise<WalletTransactionDetails> =>
  walletTransactionDetails(ctx, ctx.user.userId, ctx.params.transactionId, ctx.lang);

/** GET /api/cards/{id}/transactions/{transactionId}. */
export const getCardTransaction = (ctx: DetailsRequest<typeof cardsTransactionGet>): Promise<CardTransactionDetails> =>
  cardTransactionDetails(ctx, ctx.user.userId, ctx.params.id, ctx.params.transactionId, ctx.lang);

/** GET /api/cards/{id}/trades/{tradeId}. */
export const getCardTrade = (ctx: DetailsRequest<typeof cardsTradeGet>): Promise<CardTradeDetails> =>
  cardTradeDetails(ctx, ctx.user.userId, ctx.params.id, ctx.params.tradeId, ctx.lang);
