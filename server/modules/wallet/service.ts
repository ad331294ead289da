import * as z from 'zod/mini';
import {
  searchAmountMinor,
  WalletTransaction,
  type Currency,
  type Wallet,
  type WalletTransactionType,
} from '@/shared/contract';
import type { Clock } from '../../clock';
import { pgErrorCode, UNIQUE_VIOLATION, type Db, type Queryable, type SqlParam } from '../../db/db';
import { httpErrors } from '../../http/errors';
import { accountIds, WALLET_TRANSACTION_TYPES } from '../ledger';
import { DECLINED_SBP_HISTORY_SQL } from './declined-sbp';
import { RECEIVED_TRANSFERS_HISTORY_SQL } from './received-transfers';
import { formatUsdtAmount, MICRO_PER_CENT, randomTag } from './usdt-amount';

const CURRENCIES: readonly Currency[] = ['USD', 'RUB'];

export interface TransactionsQuery {
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

export class WalletService {
  constructor(private readonly deps: { db: Db; clock: Clock; log?: (msg: string, data?: object) => void }) {}

  /**
   * Balances from the ledger (available = account balance; held = debits of still-pending transactions) and the USDT
   * tag, in ONE statement (a hot read); the tag is assigned on the first read that finds none.
   */
  /** `db`: the request's (route()'s ctx.db, which checks the session with this read), or the service's own. */
  async getWallet(userId: string, db: Queryable = this.deps.db): Promise<Wallet> {
    const { clock } = this.deps;
    const ids = CURRENCIES.map((currency) => accountIds.wallet(userId, currency));
    const rows = await db.query<{ currency: Currency; balance: number | null; updated_at: Date | null; held: number | null; tag: string | null }>(
      `WITH held AS (
         SELECT e.account_id, (-sum(e.amount))::bigint AS held
         FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
         WHERE t.user_id = $1 AND t.status = 'pending' AND e.account_id IN ($2, $3) AND e.amount < 0
         GROUP BY e.account_id)
       SELECT c.currency, a.balance, a.updated_at, h.held, (SELECT tag FROM usdt_deposit_tags WHERE user_id = $1) AS tag
       FROM (VALUES ($2::text, $4::text, 1), ($3::text, $5::text, 2)) AS c (id, currency, position)
       LEFT JOIN ledger_accounts a ON a.id = c.id
       LEFT JOIN held h ON h.account_id = c.id
       ORDER BY c.position`,
      [userId, ...ids, ...CURRENCIES],
    );
    const tag = rows[0]?.tag ?? (await this.depositTag(userId, db));
    const updatedAt = rows.reduce<Date | null>((latest, row) => (row.updated_at && (!latest || row.updated_at > latest) ? row.updated_at : latest), null);
    return {
      balances: CURRENCIES.map((currency) => {
        const row = rows.find((r) => r.currency === currency);
        return { currency, available: { amount: row?.balance ?? 0, currency }, held: { amount: row?.held ?? 0, currency } };
      }),
      usdtDepositTag: tag,
      updatedAt: (updatedAt ?? clock.now()).toISOString(),
    };
  }

  /** The user's permanent USDT deposit tag, assigned on first use (random, unique, never reused). */
  async depositTag(userId: string, q: Queryable = this.deps.db): Promise<string> {
    const select = async () =>
      (await q.query<{ tag: string }>('SELECT tag FROM usdt_deposit_tags WHERE user_id = $1', [userId]))[0]?.tag ?? null;
    const existing = await select();
    if (existing) return existing;
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        await q.query('INSERT INTO usdt_deposit_tags (tag, user_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
          randomTag(),
          userId,
          this.deps.clock.now(),
        ]);
      } catch (error) {
        if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
      }
      const tag = await select();
      if (tag) return tag;
    }
    throw new Error('could not assign a USDT deposit tag (tag space exhausted?)');
  }

  /**
   * SPEC §3 wallet transactions of the user, newest first, keyset-paginated. Besides the ledger, the user's USDT
   * deposits held for review (parked transfers attributed to them, not resolved yet) are listed as pending
   * `usdtDeposit` rows with `details.hold` (id `udp_<parked id>`; docs/api.md "Held for review"), and declined SBP
   * attempts as `failed` `sbpTopup` rows (./declined-sbp.ts).
   */
  async listTransactions(userId: string, query: TransactionsQuery, db: Queryable = this.deps.db): Promise<{ items: WalletTransaction[]; nextCursor: string | null }> {
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
      const item = this.toWalletTransaction(row);
      if (item) items.push(item);
    }
    return { items, nextCursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : null };
  }

  /** A history row (ledger, held deposit or declined SBP attempt) as the contract's WalletTransaction; null if it does not fit. */
  toWalletTransaction(row: ListRow): WalletTransaction | null {
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
    this.deps.log?.('wallet transaction does not fit the contract; left out of the list', {
      transactionId: row.id,
      type: row.type,
      issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    });
    return null;
  }
}
