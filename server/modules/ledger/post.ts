import { randomBytes } from 'node:crypto';
import type { Queryable, SqlParam } from '../../db/db';
import { catalogError } from '../../http/errors';
import {
  isWalletTransactionType,
  type AccountKind,
  type Currency,
  type LedgerEntry,
  type LedgerTransaction,
  type LedgerTransactionStatus,
  type PostTransactionInput,
  type PostTransactionResult,
  type TransactionDisplay,
} from './types';

/** Wallet transaction ids (`wtx_` + 16 random bytes, base64url). */
export const newTransactionId = (): string => `wtx_${randomBytes(16).toString('base64url')}`;

/** A ledger invariant was about to be broken by the caller: a bug, never a user error (answered 500). */
export class LedgerInvariantError extends Error {
  override name = 'LedgerInvariantError';
}

/** The refusal postTransaction throws when a never-negative account would go below zero. */
export const insufficientFunds = (message = 'Insufficient funds.') => catalogError('INSUFFICIENT_FUNDS', message);

interface LockedAccountRow extends Record<string, unknown> {
  id: string;
  kind: AccountKind;
  user_id: string | null;
  currency: Currency;
  balance: number;
  allow_negative: boolean;
}

interface TransactionRow extends Record<string, unknown> {
  id: string;
  type: string;
  user_id: string | null;
  idempotency_key: string;
  status: LedgerTransactionStatus;
  details: Record<string, unknown> | null;
  direction: 'credit' | 'debit' | null;
  amount: number | null;
  currency: Currency | null;
  counter_currency: Currency | null;
  reference: string | null;
  failure_code: string | null;
  created_at: Date;
  finished_at: Date | null;
}

export const TRANSACTION_COLUMNS = `id, type, user_id, idempotency_key, status, details, direction, amount, currency,
  counter_currency, reference, failure_code, created_at, finished_at`;

export const toLedgerTransaction = (row: TransactionRow): LedgerTransaction => ({
  id: row.id,
  type: row.type,
  userId: row.user_id,
  idempotencyKey: row.idempotency_key,
  status: row.status,
  details: row.details ?? {},
  direction: row.direction,
  amount: row.amount,
  currency: row.currency,
  counterCurrency: row.counter_currency,
  reference: row.reference,
  failureCode: row.failure_code,
  createdAt: row.created_at,
  finishedAt: row.finished_at,
});

export type { TransactionRow };

const placeholders = (count: number, start = 1): string => Array.from({ length: count }, (_, i) => `$${start + i}`).join(', ');

/** Display leg of a transaction from the owner's wallet entries: a debit if any wallet currency lost money. */
const deriveDisplay = (
  entries: Array<{ amount: number; account: LockedAccountRow }>,
  userId: string | null,
): TransactionDisplay | null => {
  if (!userId) return null;
  const perCurrency = new Map<Currency, number>();
  for (const { amount, account } of entries) {
    if (account.kind !== 'wallet' || account.user_id !== userId) continue;
    perCurrency.set(account.currency, (perCurrency.get(account.currency) ?? 0) + amount);
  }
  const sums = [...perCurrency.entries()].filter(([, sum]) => sum !== 0);
  const debit = sums.find(([, sum]) => sum < 0);
  if (debit) {
    const counter = sums.find(([currency, sum]) => sum > 0 && currency !== debit[0]);
    return { direction: 'debit', amount: -debit[1], currency: debit[0], counterCurrency: counter?.[0] ?? null };
  }
  const credit = sums.find(([, sum]) => sum > 0);
  return credit ? { direction: 'credit', amount: credit[1], currency: credit[0], counterCurrency: null } : null;
};

export const findTransactionByKey = async (q: Queryable, idempotencyKey: string): Promise<LedgerTransaction | null> => {
  const [row] = await q.query<TransactionRow>(`SELECT ${TRANSACTION_COLUMNS} FROM ledger_transactions WHERE idempotency_key = $1`, [
    idempotencyKey,
  ]);
  return row ? toLedgerTransaction(row) : null;
};

export const getTransaction = async (q: Queryable, transactionId: string): Promise<LedgerTransaction | null> => {
  const [row] = await q.query<TransactionRow>(`SELECT ${TRANSACTION_COLUMNS} FROM ledger_transactions WHERE id = $1`, [transactionId]);
  return row ? toLedgerTransaction(row) : null;
};

export const getTransactionEntries = async (q: Queryable, transactionId: string): Promise<LedgerEntry[]> => {
  const rows = await q.query<{ id: number; transaction_id: string; account_id: string; amount: number; currency: Currency }>(
    'SELECT id, transaction_id, account_id, amount, currency FROM ledger_entries WHERE transaction_id = $1 ORDER BY id',
    [transactionId],
  );
  return rows.map((row) => ({
    id: row.id,
    transactionId: row.transaction_id,
    accountId: row.account_id,
    amount: row.amount,
    currency: row.currency,
  }));
};

/**
 * Posts one balanced ledger transaction inside the caller's database transaction `q`.
 *
 * 1. Locks every touched account, in account-id order (`SELECT … ORDER BY id FOR UPDATE`): two postings
 *    that share accounts queue instead of deadlocking, and balances read here are final until commit.
 * 2. Checks the entries: integers, non-zero, known accounts, sum zero per currency (else
 *    LedgerInvariantError: a bug). Refuses with DomainError INSUFFICIENT_FUNDS if a never-negative
 *    account would go below zero — before writing anything, so the caller's transaction stays usable.
 * 3. Inserts the transaction under its idempotency key; if the key exists (a replay, possibly committed by
 *    a concurrent request while we waited for the locks) nothing is moved and `replayed: true` is returned.
 * 4. Inserts the entries and applies them to the balances in one statement.
 *
 * The CHECK (allow_negative OR balance >= 0) on ledger_accounts backs step 2 at the database level.
 */
export const postTransaction = async (q: Queryable, input: PostTransactionInput): Promise<PostTransactionResult> => {
  const now = input.now ?? new Date();
  const status = input.status ?? 'completed';
  if (!input.idempotencyKey) throw new LedgerInvariantError('postTransaction needs an idempotency key');
  if (!input.entries.length) throw new LedgerInvariantError('postTransaction needs at least one entry');
  for (const entry of input.entries) {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
      throw new LedgerInvariantError(`ledger entry amount must be a non-zero safe integer, got ${entry.amount}`);
    }
  }

  // 1. Lock the accounts in id order.
  const ids = [...new Set(input.entries.map((entry) => entry.accountId))].sort();
  const locked = await q.query<LockedAccountRow>(
    `SELECT id, kind, user_id, currency, balance, allow_negative FROM ledger_accounts
     WHERE id IN (${placeholders(ids.length)}) ORDER BY id FOR UPDATE`,
    ids,
  );
  const byId = new Map(locked.map((row) => [row.id, row]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw new LedgerInvariantError(`unknown ledger accounts: ${missing.join(', ')}`);

  // 2. Balanced per currency; no never-negative account below zero.
  const entries = input.entries.map((entry) => ({ amount: entry.amount, account: byId.get(entry.accountId)! }));
  const perCurrency = new Map<string, number>();
  const perAccount = new Map<string, number>();
  for (const { amount, account } of entries) {
    perCurrency.set(account.currency, (perCurrency.get(account.currency) ?? 0) + amount);
    perAccount.set(account.id, (perAccount.get(account.id) ?? 0) + amount);
  }
  for (const [currency, sum] of perCurrency) {
    if (sum !== 0) throw new LedgerInvariantError(`ledger transaction ${input.type} does not balance in ${currency}: ${sum}`);
  }
  const short = [...perAccount].find(([id, delta]) => {
    const account = byId.get(id)!;
    return !account.allow_negative && account.balance + delta < 0;
  });
  if (short) {
    // A replay of a transaction that already moved the money is not a refusal.
    const existing = await findTransactionByKey(q, input.idempotencyKey);
    if (existing) return { transactionId: existing.id, replayed: true };
    throw insufficientFunds();
  }

  // 3. The transaction row, under its idempotency key.
  const display = input.display ?? deriveDisplay(entries, input.userId);
  if (!display && input.userId && isWalletTransactionType(input.type)) {
    throw new LedgerInvariantError(`a ${input.type} transaction must touch the user's wallet or carry a display amount`);
  }
  const transactionId = newTransactionId();
  const inserted = await q.query(
    `INSERT INTO ledger_transactions (id, type, user_id, idempotency_key, status, details, direction, amount, currency,
       counter_currency, reference, failure_code, created_at, finished_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    [
      transactionId,
      input.type,
      input.userId,
      input.idempotencyKey,
      status,
      JSON.stringify(input.details ?? {}),
      display?.direction ?? null,
      display?.amount ?? null,
      display?.currency ?? null,
      display?.counterCurrency ?? null,
      input.reference ?? null,
      input.failureCode ?? null,
      now,
      status === 'pending' ? null : now,
    ],
  );
  if (!inserted.length) {
    const existing = await findTransactionByKey(q, input.idempotencyKey);
    if (!existing) throw new Error(`ledger idempotency key ${input.idempotencyKey} conflicted but no transaction has it`);
    return { transactionId: existing.id, replayed: true };
  }

  // 4. Entries and balances together.
  const params: SqlParam[] = [transactionId, now];
  const values = entries.map(({ amount, account }) => {
    params.push(account.id, amount, account.currency);
    const n = params.length;
    return `($1, $${n - 2}, $${n - 1}::bigint, $${n})`;
  });
  await q.query(
    `WITH e AS (
       INSERT INTO ledger_entries (transaction_id, account_id, amount, currency) VALUES ${values.join(', ')}
       RETURNING account_id, amount
     )
     UPDATE ledger_accounts a SET balance = a.balance + d.delta, updated_at = $2
     FROM (SELECT account_id, sum(amount)::bigint AS delta FROM e GROUP BY account_id) d
     WHERE a.id = d.account_id`,
    params,
  );
  return { transactionId, replayed: false };
};

/**
 * Settles a pending transaction: 'completed' or 'failed' (with a failure code). The money it moved stays
 * moved — undoing a failed one is a separate, balanced refund transaction (e.g. 'cardIssueRefund').
 * Returns false if it was not pending (already settled: callers stay idempotent).
 */
export const updateTransactionStatus = async (
  q: Queryable,
  transactionId: string,
  update: { status: 'completed' | 'failed'; failureCode?: string | null; details?: Record<string, unknown>; now?: Date },
): Promise<boolean> => {
  const rows = await q.query(
    `UPDATE ledger_transactions
     SET status = $2, failure_code = $3, finished_at = $4, details = details || $5::jsonb
     WHERE id = $1 AND status = 'pending' RETURNING id`,
    [transactionId, update.status, update.failureCode ?? null, update.now ?? new Date(), JSON.stringify(update.details ?? {})],
  );
  return rows.length > 0;
};
