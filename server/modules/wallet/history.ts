/** The wallet's history (GET /api/wallet/transactions): the ledger, held USDT deposits, declined SBP attempts, received transfers. */
import * as z from 'zod/mini';
import {
  searchAmountMinor,
  WalletTransaction,
  type Currency,
  type walletTransactions,
  type WalletTransactionType,
} from '@/shared/contract';
import type { SqlParam } from '../../db/db';
import { httpErrors } from '../../http/errors';
import { accountIds, WALLET_TRANSACTION_TYPES } from '../ledger';
import { DECLINED_SBP_HISTORY_SQL } from './declined-sbp';
import { RECEIVED_TRANSFERS_HISTORY_SQL } from './received-transfers';
import { formatUsdtAmount, MICRO_PER_CENT } from './usdt-amount';
import type { WalletRequest } from './shared';

interface TransactionsQuery {
  type?: WalletTransactionType;
  currency?: Currency;
  cursor?: string;
  limit?: number;
  /** Period [from, to) and search text (contract `historyFilterShape`). */
  from?: string;
  to?: string;
  q?: string;
}

/** Details fields a search text is matched against (references a user may paste: order id, tx hash, names). */
const SEARCHED_DETAILS = ['txHash', 'orderId', 'invoiceId', 'paymentId', 'productName', 'referralName', 'cardLast4', 'counterpartyName', 'note', 'address', 'addressLabel'] as const;
/** Shorter amount-looking texts match amounts only (so "50" does not hit every tx hash that contains 50). */
const MIN_REFERENCE_SEARCH_FOR_AMOUNTS = 6;

export interface ListRow extends Record<string, unknown> {
  id: string;
  type: string;
  status: 'pending' | 'completed' | 'failed';
  details: Record<string, unknown> | null;
  direction: 'credit' | 'debit' | null;
  amount: number | null;
  currency: Currency | null;
  reference: string | null;
  failure_code: string | null;
  created_at: Date;
  finished_at: Date | null;
}

/** Keyset cursor over (created_at, id), newest first: new transactions never shift the pages. */
const encodeCursor = (createdAt: Date, id: string): string => Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');

const decodeCursor = (cursor: string): { createdAt: Date; id: string } => {
  const invalid = () => httpErrors.validation({ cursor: 'Invalid cursor: pass nextCursor from the previous page' });
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([A-Za-z0-9_-]{1,64})$/.exec(text);
  if (!match) throw invalid();
  const createdAt = new Date(match[1]!);
  if (Number.isNaN(createdAt.getTime())) throw invalid();
  return { createdAt, id: match[2]! };
};

const orNull = (value: unknown) => (value === undefined ? null : value);

/** The contract's per-type details from what the ledger stored (nullable fields default to null). */
const contractDetails = (type: WalletTransactionType, details: Record<string, unknown>): Record<string, unknown> => {
  switch (type) {
    case 'usdtDeposit':
      return { network: 'TRON', txHash: details.txHash, usdtAmount: details.usdtAmount, confirmations: details.confirmations, hold: orNull(details.hold) };
    case 'cardTransfer':
      return { cardId: details.cardId, cardLast4: orNull(details.cardLast4), transferId: details.transferId };
    case 'cardIssue':
      return { cardId: details.cardId, productId: details.productId, productName: details.productName };
    case 'serviceCommission':
      return { reason: details.reason, relatedTransactionId: orNull(details.relatedTransactionId), cardId: orNull(details.cardId) };
    case 'sbpTopup':
      return { paymentId: details.paymentId, orderId: details.orderId, invoiceId: orNull(details.invoiceId) };
    case 'currencyExchange':
      return { counterAmount: details.counterAmount, rate: details.rate, fee: details.fee, quoteId: details.quoteId };
    case 'promoBonus':
      return { referralId: details.referralId, referralName: details.referralName };
    case 'p2pTransfer':
      return { transferId: details.transferId, counterpartyName: details.counterpartyName, note: orNull(details.note), requestId: orNull(details.requestId) };
    case 'usdtWithdrawal':
      return {
        withdrawalId: details.withdrawalId,
        network: 'TRON',
        address: details.address,
        addressLabel: orNull(details.addressLabel),
        usdtAmount: details.usdtAmount,
        fee: details.fee,
        txHash: orNull(details.txHash),
        explorerUrl: orNull(details.explorerUrl),
        state: details.state,
      };
    case 'sbpWithdrawal':
      return {
        withdrawalId: details.withdrawalId,
        bankId: details.bankId,
        bankName: details.bankName,
        phoneMasked: details.phoneMasked,
        fee: details.fee,
        state: details.state,
      };
    case 'manualAdjustment':
      return { kind: details.kind };
  }
};

/**
 * SPEC §3 wallet transactions of the user, newest first, keyset-paginated. Besides the ledger, the user's USDT
 * deposits held for review (parked transfers attributed to them, not resolved yet) are listed as pending
 * `usdtDeposit` rows with `details.hold` (id `udp_<parked id>`; docs/api.md "Held for review"), and declined SBP
 * attempts as `failed` `sbpTopup` rows (./declined-sbp.ts).
 */
export const listTransactions = async ({ db, user, query: filter, warn }: WalletRequest<typeof walletTransactions>): Promise<{ items: WalletTransaction[]; nextCursor: string | null }> => {
  const { userId } = user;
  const query: TransactionsQuery = filter ?? {};
  const limit = query.limit ?? 20;
  const params: SqlParam[] = [userId];
  const where = ['user_id = $1'];
  const add = (value: SqlParam) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.type) where.push(`type = ${add(query.type)}`);
  else where.push(`type IN (${WALLET_TRANSACTION_TYPES.map((type) => add(type)).join(', ')})`);
  if (query.currency) {
    const c = add(query.currency);
    where.push(`(currency = ${c} OR counter_currency = ${c})`);
  }
  if (query.cursor) {
    const { createdAt, id } = decodeCursor(query.cursor);
    where.push(`(created_at, id) < (${add(createdAt)}, ${add(id)})`);
  }
  if (query.from) where.push(`created_at >= ${add(new Date(query.from))}`);
  if (query.to) where.push(`created_at < ${add(new Date(query.to))}`);
  const text = query.q?.trim();
  if (text) {
    // Plain substring matching with strpos (no LIKE): `%` and `_` are ordinary characters, nothing to escape.
    const matches: string[] = [];
    const minor = searchAmountMinor(text);
    if (minor !== null) matches.push(`amount = ${add(minor)}`, `details->'counterAmount'->>'amount' = ${add(String(minor))}`);
    if (minor === null || text.length >= MIN_REFERENCE_SEARCH_FOR_AMOUNTS) {
      const needle = add(text.toLowerCase());
      matches.push(`strpos(lower(coalesce(reference, '')), ${needle}) > 0`);
      for (const key of SEARCHED_DETAILS) matches.push(`strpos(lower(coalesce(details->>${add(key)}, '')), ${needle}) > 0`);
    }
    where.push(`(${matches.join(' OR ')})`);
  }
  // Held USDT deposits: USD credits rounded down to the cent, exactly like a credited deposit would be.
  const held = `SELECT 'udp_' || id::text AS id, 'usdtDeposit'::text AS type, 'pending'::text AS status,
      jsonb_build_object('network', 'TRON', 'txHash', tx_hash, 'usdtAmount', NULL, 'amountMicro', amount_micro,
        'confirmations', 0, 'hold', jsonb_build_object('reason', reason)) AS details,
      'credit'::text AS direction, (amount_micro / ${MICRO_PER_CENT})::bigint AS amount, 'USD'::text AS currency,
      NULL::text AS counter_currency, tx_hash AS reference, NULL::text AS failure_code, created_at, NULL::timestamptz AS finished_at,
      candidate_user_id AS user_id
    FROM unmatched_deposits WHERE candidate_user_id = $1 AND resolved_at IS NULL`;
  const ledger = `SELECT id, type, status, details, direction, amount, currency, counter_currency, reference, failure_code,
      created_at, finished_at, user_id
    FROM ledger_transactions WHERE user_id = $1`;
  const rows = await db.query<ListRow>(
    `SELECT id, type, status, details, direction, amount, currency, reference, failure_code, created_at, finished_at
     FROM (${ledger} UNION ALL ${held} UNION ALL ${DECLINED_SBP_HISTORY_SQL} UNION ALL ${RECEIVED_TRANSFERS_HISTORY_SQL}) AS history WHERE ${where.join(' AND ')}
     ORDER BY created_at DESC, id DESC LIMIT ${add(limit + 1)}`,
    params,
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const items: WalletTransaction[] = [];
  for (const row of page) {
    const item = toWalletTransaction(row, warn);
    if (item) items.push(item);
  }
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : null };
};

/** A history row (ledger, held deposit or declined SBP attempt) as the contract's WalletTransaction; null if it does not fit. */
export const toWalletTransaction = (row: ListRow, warn: (msg: string, data?: object) => void): WalletTransaction | null => {
  if (row.details && row.details.amountMicro !== undefined) {
    // A held deposit: its exact USDT amount is formatted here, from integer micro-USDT (never through a float).
    const { amountMicro, ...rest } = row.details;
    row = { ...row, details: { ...rest, usdtAmount: formatUsdtAmount(Number(amountMicro)) } };
  }
  const candidate = {
    id: row.id,
    type: row.type,
    direction: row.direction,
    amount: { amount: row.amount ?? 0, currency: row.currency ?? 'USD' },
    status: row.status,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    failureCode: row.failure_code,
    reference: row.reference,
    details: contractDetails(row.type as WalletTransactionType, row.details ?? {}),
  };
  const parsed = z.safeParse(WalletTransaction, candidate);
  if (parsed.success) return parsed.data;
  // A posting whose details do not fit the contract is a bug of its module: keep the list usable, say so loudly.
  warn('wallet transaction does not fit the contract; left out of the list', {
    transactionId: row.id,
    type: row.type,
    issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  });
  return null;
};
