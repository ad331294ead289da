import { randomBytes } from 'node:crypto';
import { pgErrorCode, type Queryable, type SqlParam, type StatementFrom } from '../../db/db';
import { catalogError } from '../../http/errors';
import {
  isWalletTransactionType,
  type Currency,
  type LedgerEntry,
  type LedgerTransaction,
  type LedgerTransactionStatus,
  type PostTransactionInput,
  type PostTransactionResult,
} from './types';

/** Wallet transaction ids (`wtx_` + 16 random bytes, base64url). */
export const newTransactionId = (): string => `wtx_${randomBytes(16).toString('base64url')}`;

/** A ledger invariant was about to be broken by the caller: a bug, never a user error (answered 500). */
export class LedgerInvariantError extends Error {
  override name = 'LedgerInvariantError';
}

/** postTransaction named accounts that do not exist (nothing was written; the caller may create them and post again). */
export class UnknownLedgerAccountsError extends LedgerInvariantError {
  override name = 'UnknownLedgerAccountsError';
}

/** The refusal postTransaction throws when a never-negative account would go below zero. */
export const insufficientFunds = (message = 'Insufficient funds.') => catalogError('INSUFFICIENT_FUNDS', message);

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

const TRANSACTION_COLUMNS = `id, type, user_id, idempotency_key, status, details, direction, amount, currency,
  counter_currency, reference, failure_code, created_at, finished_at`;

const toLedgerTransaction = (row: TransactionRow): LedgerTransaction => ({
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

/** ledger_post's fifteen parameters for `input`, after the checks every posting gets (a bug throws LedgerInvariantError). */
const postingParams = (input: PostTransactionInput): SqlParam[] => {
  const now = input.now ?? new Date();
  const status = input.status ?? 'completed';
  if (!input.idempotencyKey) throw new LedgerInvariantError('postTransaction needs an idempotency key');
  if (!input.entries.length) throw new LedgerInvariantError('postTransaction needs at least one entry');
  for (const entry of input.entries) {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
      throw new LedgerInvariantError(`ledger entry amount must be a non-zero safe integer, got ${entry.amount}`);
    }
  }
  const display = input.display ?? null;
  return [
    input.transactionId ?? newTransactionId(),
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
    JSON.stringify(input.entries.map((entry) => [entry.accountId, entry.amount])),
    !display && !!input.userId && isWalletTransactionType(input.type),
  ];
};

/** ledger_post's argument list from its `first` parameter on (`$first, …, $15`, with the casts its parameters need). */
const postingArguments = (first: number): string =>
  Array.from({ length: 16 - first }, (_, k) => first + k)
    .map((n) => `$${n}${n === 6 || n === 14 ? '::jsonb' : ''}`)
    .join(', ');

/**
 * Posts one balanced ledger transaction inside the caller's database transaction `q`, in ONE round trip: the SQL
 * function `ledger_post` (server/db/migrations/0120_ledger_post.sql) does, in order:
 *
 * 1. Locks every touched account, in account-id order: two postings that share accounts queue instead of
 *    deadlocking, and balances read there are final until commit.
 * 2. Checks the accounts exist and the entries sum to zero per currency (else LedgerInvariantError: a bug; the
 *    entry amounts — non-zero safe integers — are checked here first). Refuses with DomainError INSUFFICIENT_FUNDS
 *    if a never-negative account would go below zero — before writing anything, so the caller's transaction
 *    stays usable — unless the key already moved the money (a replay).
 * 3. Inserts the transaction under its idempotency key, with its display leg (given, or derived from the user's
 *    wallet entries: the first wallet currency that lost money, else the first that gained); if the key exists (a
 *    replay, possibly committed by a concurrent request while we waited for the locks) nothing is moved and
 *    `replayed: true` is returned.
 * 4. Inserts the entries and applies them to the balances.
 *
 * The CHECK (allow_negative OR balance >= 0) on ledger_accounts backs step 2 at the database level.
 */
export const postTransaction = async (q: Queryable, input: PostTransactionInput): Promise<PostTransactionResult> => {
  const params = postingParams(input);
  const post = `SELECT r_outcome, r_transaction_id, r_info FROM ledger_post(${postingArguments(1)})`;
  // A write that rides along (input.alongside): its WITH clause runs to completion in this same statement.
  const alongside = input.alongside?.(params.length + 1);
  const [result] = await q.query<{ r_outcome: PostOutcome; r_transaction_id: string | null; r_info: string | null }>(
    alongside ? `WITH alongside AS (${alongside.sql}) ${post}` : post,
    alongside ? [...params, ...alongside.params] : params,
  );
  switch (result?.r_outcome) {
    case 'posted':
      return { transactionId: result.r_transaction_id!, replayed: false };
    case 'replayed':
      if (!result.r_transaction_id) throw new Error(`ledger idempotency key ${input.idempotencyKey} conflicted but no transaction has it`);
      return { transactionId: result.r_transaction_id, replayed: true };
    case 'insufficient':
      throw insufficientFunds();
    case 'missing':
      throw new UnknownLedgerAccountsError(`unknown ledger accounts: ${result.r_info}`);
    case 'unbalanced':
      throw new LedgerInvariantError(`ledger transaction ${input.type} does not balance in ${result.r_info}`);
    case 'no_display':
      throw new LedgerInvariantError(`a ${input.type} transaction must touch the user's wallet or carry a display amount`);
    default:
      throw new Error(`ledger_post answered ${JSON.stringify(result)}`);
  }
};

/** What postClaimedTransaction did. Only 'posted' wrote anything. */
export type ClaimedPostingResult =
  | { outcome: 'posted'; transactionId: string }
  /** The claim found its key taken (a replay, a reuse, a request in progress): nothing was written. */
  | { outcome: 'claim-taken' }
  /** The posting was not made (insufficient funds, an account missing, the ledger key already used…): nothing was written. */
  | { outcome: 'not-posted'; reason: string };

/** SQLSTATE raised by ledger_require_posted when the posting is not made (migration 0150). */
const NOT_POSTED = 'LP001';

/**
 * A claim and a posting in ONE autocommitted statement, outside any transaction (one round trip, one commit): `claim`
 * is a data-modifying statement that inserts the caller's claim (e.g. an Idempotency-Key with its stored answer) and
 * answers `RETURNING true AS claimed` when, and only when, it inserted. The posting (ledger_post, as in
 * postTransaction) runs only then, and unless it is made ('posted'), the statement fails and everything it wrote, the
 * claim included, is rolled back (ledger_require_posted, migration 0150). So the claim and the money commit together or
 * not at all, as in one transaction, and every outcome but 'posted' leaves the database as it was: the caller then
 * takes its ordinary transactional path, which decides the rest (a replay, a refusal, accounts to create).
 */
export const postClaimedTransaction = async (db: Queryable, input: PostTransactionInput, claim: StatementFrom): Promise<ClaimedPostingResult> => {
  if (input.alongside) throw new LedgerInvariantError('postClaimedTransaction takes its extra write as the claim');
  const params = postingParams(input);
  const claimed = claim(params.length + 1);
  try {
    const [result] = await db.query<{ r_outcome: string; r_transaction_id: string }>(
      // ledger_post's first argument refers to the claim's row: it runs for that row only, i.e. when the claim was made.
      `WITH claim AS (${claimed.sql})
       SELECT ledger_require_posted(p.r_outcome, p.r_info) AS r_outcome, p.r_transaction_id
       FROM claim CROSS JOIN LATERAL ledger_post(CASE WHEN claim.claimed THEN $1::text END, ${postingArguments(2)}) p`,
      [...params, ...claimed.params],
    );
    if (!result) return { outcome: 'claim-taken' };
    return { outcome: 'posted', transactionId: result.r_transaction_id };
  } catch (error) {
    if (pgErrorCode(error) === NOT_POSTED) return { outcome: 'not-posted', reason: error instanceof Error ? error.message : String(error) };
    throw error;
  }
};

type PostOutcome = 'posted' | 'replayed' | 'insufficient' | 'missing' | 'unbalanced' | 'no_display';

type StatusUpdate = { status: 'completed' | 'failed'; failureCode?: string | null; details?: Record<string, unknown>; now?: Date };

/**
 * Settles a pending transaction: 'completed' or 'failed' (with a failure code). The money it moved stays
 * moved — undoing a failed one is a separate, balanced refund transaction (e.g. 'cardIssueRefund').
 * Returns false if it was not pending (already settled: callers stay idempotent).
 */
export const updateTransactionStatus = async (q: Queryable, transactionId: string, update: StatusUpdate): Promise<boolean> =>
  (await updateTransactionsStatus(q, [transactionId], update)) > 0;

/**
 * updateTransactionStatus for several transactions that settle together (a charge and its fee), in ONE statement;
 * null ids (a fee that was never charged) are skipped. Returns how many were pending.
 */
export const updateTransactionsStatus = async (q: Queryable, transactionIds: ReadonlyArray<string | null | undefined>, update: StatusUpdate): Promise<number> => {
  const ids = transactionIds.filter((id): id is string => !!id);
  if (!ids.length) return 0;
  const rows = await q.query(
    `UPDATE ledger_transactions
     SET status = $2, failure_code = $3, finished_at = $4, details = details || $5::jsonb
     WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb)) AND status = 'pending' RETURNING id`,
    [JSON.stringify(ids), update.status, update.failureCode ?? null, update.now ?? new Date(), JSON.stringify(update.details ?? {})],
  );
  return rows.length;
};
