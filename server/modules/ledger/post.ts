import { randomBytes } from 'node:crypto';
import { arrayLiteral, pgErrorCode, type Queryable, type SqlParam, type StatementFrom } from '../../db/db';
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

/**
 * ledger_post's argument list from its argument `from` on (its arguments 1…15 sent as parameters `$base`…`$base+14`),
 * with the casts its parameters need.
 */
const postingArguments = (from: number, base = 1): string =>
  Array.from({ length: 16 - from }, (_, k) => from + k)
    .map((arg) => `$${base - 1 + arg}${arg === 6 || arg === 14 ? '::jsonb' : ''}`)
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

/** SQLSTATE of a CHECK violation: a never-negative account would have gone below zero. */
const CHECK_VIOLATION = '23514';
/** The accounts' CHECK (allow_negative OR balance >= 0), migration 0010. */
const NON_NEGATIVE = 'ledger_accounts_non_negative';

/**
 * A claim and a posting in ONE autocommitted statement, outside any transaction (one round trip, one commit): `claim`
 * is a data-modifying statement that inserts the caller's claim (e.g. an Idempotency-Key with its stored answer) and
 * answers `RETURNING true AS claimed` when, and only when, it inserted. The posting is made only then, and unless it
 * is made the statement fails and everything it wrote, the claim included, is rolled back. So the claim and the money
 * commit together or not at all, as in one transaction, and every outcome but 'posted' leaves the database as it was:
 * the caller then takes its ordinary transactional path (postTransaction), which decides the rest (a replay, a
 * refusal, accounts to create).
 */
export const postClaimedTransaction = async (db: Queryable, input: PostTransactionInput, claim: StatementFrom): Promise<ClaimedPostingResult> => {
  const { params, ctes, outcome } = claimedPosting(input, claim);
  return claimedPostingOutcome(db.query<{ r_transaction_id: string | null }>(`WITH ${ctes} SELECT ${outcome}`, params));
};

/**
 * The display leg ledger_post derives from a user's wallet entries, as a SELECT over the statement's `posting_entries`
 * and `locked`: the first wallet currency the entries take from and the first they add to, with the amounts; `where`
 * picks the entries (the user's wallet ones, of one transaction).
 */
const walletLegs = (where: string): string => `SELECT (array_agg(v.currency ORDER BY v.first) FILTER (WHERE v.total < 0))[1] AS debit_currency,
               (array_agg(-v.total ORDER BY v.first) FILTER (WHERE v.total < 0))[1] AS debit_amount,
               (array_agg(v.currency ORDER BY v.first) FILTER (WHERE v.total > 0))[1] AS credit_currency,
               (array_agg(v.total ORDER BY v.first) FILTER (WHERE v.total > 0))[1] AS credit_amount
        FROM (SELECT l.currency, sum(e.amount) AS total, min(e.ord) AS first
              FROM posting_entries e JOIN locked l ON l.id = e.account_id
              WHERE ${where}
              GROUP BY l.currency HAVING sum(e.amount) <> 0) v`;

/**
 * postClaimedTransaction's statement in parts, for a statement that sends it with more around it (the exchange's one
 * statement, which also checks the session and the quote): `params` from `$first` on, `ctes` (WITH clauses; the claim is
 * named `claim`) and `outcome`, the select-list items answering `r_transaction_id` (null: the claim was not made, and
 * nothing was written) that raise when the claim was made and the posting was not.
 *
 * The posting is set-based (issue #34): ONE pass over the touched accounts, no function, none of ledger_post's
 * re-reads. It keeps the ledger's rules: the accounts are locked in id order (FOR UPDATE under ORDER BY, as
 * ledger_post); the transaction is written only when every account exists and the entries sum to zero per currency
 * (else no transaction: the statement raises LP001); under its idempotency key (a key already used: no transaction,
 * LP001); its entries and balances only with it; a never-negative account going below zero fails the statement on the
 * accounts' CHECK (SQLSTATE 23514, 'insufficient'). The display leg, when not given, is derived from the user's wallet
 * entries as ledger_post derives it.
 */
export const claimedPosting = (input: PostTransactionInput, claim: StatementFrom, first = 1): { params: SqlParam[]; ctes: string; outcome: string } => {
  if (input.alongside) throw new LedgerInvariantError('postClaimedTransaction takes its extra write as the claim');
  const posting = postingParams(input);
  const accounts = input.entries.map((entry) => entry.accountId);
  // ledger_post's fifteen parameters, the entries as arrays in place of its JSON, and the count of distinct accounts.
  const params: SqlParam[] = [
    ...posting.slice(0, 13),
    arrayLiteral(accounts),
    arrayLiteral(input.entries.map((entry) => String(entry.amount))),
    posting[14]!,
    new Set(accounts).size,
  ];
  const $ = (k: number) => `$${first + k - 1}`;
  const claimed = claim(first + params.length);
  const ctes = `claim AS (${claimed.sql}),
    posting_entries AS (
      SELECT e.account_id, e.amount, e.ord
      FROM claim, unnest(${$(14)}::text[], ${$(15)}::bigint[]) WITH ORDINALITY AS e (account_id, amount, ord)
    ),
    locked AS MATERIALIZED (
      SELECT a.id, a.currency, a.kind, a.user_id FROM ledger_accounts a
      WHERE a.id = ANY (${$(14)}::text[]) AND EXISTS (SELECT 1 FROM claim)
      ORDER BY a.id FOR UPDATE
    ),
    posting_check AS (
      SELECT
        (SELECT count(*) FROM locked) = ${$(17)}::integer AS found,
        NOT EXISTS (SELECT 1 FROM posting_entries e JOIN locked l ON l.id = e.account_id GROUP BY l.currency HAVING sum(e.amount) <> 0) AS balanced,
        w.debit_currency, w.debit_amount, w.credit_currency, w.credit_amount
      FROM (
        ${walletLegs(`l.kind = 'wallet' AND l.user_id = ${$(3)}::text`)}
      ) w
    ),
    posting_display AS (
      SELECT c.found, c.balanced,
        CASE WHEN ${$(7)}::text IS NOT NULL OR ${$(3)}::text IS NULL THEN ${$(7)}::text
             WHEN c.debit_currency IS NOT NULL THEN 'debit' WHEN c.credit_currency IS NOT NULL THEN 'credit' END AS direction,
        CASE WHEN ${$(7)}::text IS NOT NULL OR ${$(3)}::text IS NULL THEN ${$(8)}::bigint
             WHEN c.debit_currency IS NOT NULL THEN c.debit_amount ELSE c.credit_amount END AS amount,
        CASE WHEN ${$(7)}::text IS NOT NULL OR ${$(3)}::text IS NULL THEN ${$(9)}::text
             WHEN c.debit_currency IS NOT NULL THEN c.debit_currency ELSE c.credit_currency END AS currency,
        CASE WHEN ${$(7)}::text IS NOT NULL OR ${$(3)}::text IS NULL THEN ${$(10)}::text
             WHEN c.debit_currency IS NOT NULL THEN c.credit_currency END AS counter_currency
      FROM posting_check c
    ),
    posted_tx AS (
      INSERT INTO ledger_transactions (id, type, user_id, idempotency_key, status, details, direction, amount, currency,
          counter_currency, reference, failure_code, created_at, finished_at)
        SELECT ${$(1)}::text, ${$(2)}::text, ${$(3)}::text, ${$(4)}::text, ${$(5)}::text, ${$(6)}::jsonb, d.direction, d.amount,
          d.currency, d.counter_currency, ${$(11)}::text, ${$(12)}::text, ${$(13)}::timestamptz,
          CASE WHEN ${$(5)}::text = 'pending' THEN NULL ELSE ${$(13)}::timestamptz END
        FROM claim, posting_display d
        WHERE d.found AND d.balanced AND (d.direction IS NOT NULL OR NOT ${$(16)}::boolean)
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id
    ),
    posted_entries AS (
      INSERT INTO ledger_entries (transaction_id, account_id, amount, currency)
        SELECT t.id, e.account_id, e.amount, l.currency FROM posted_tx t, posting_entries e JOIN locked l ON l.id = e.account_id ORDER BY e.ord
    ),
    posted_balances AS (
      UPDATE ledger_accounts a SET balance = a.balance + d.delta, updated_at = ${$(13)}::timestamptz
        FROM (SELECT e.account_id, sum(e.amount) AS delta FROM posting_entries e GROUP BY e.account_id) d, posted_tx
        WHERE a.id = d.account_id
    )`;
  // ledger_post's outcomes, raised (LP001, rolling the claim back) when the claim was made and the posting was not.
  const outcome = `(SELECT id FROM posted_tx) AS r_transaction_id,
    ledger_require_posted(
      CASE WHEN NOT EXISTS (SELECT 1 FROM claim) OR EXISTS (SELECT 1 FROM posted_tx) THEN 'posted'
           WHEN NOT (SELECT found FROM posting_display) THEN 'missing'
           WHEN NOT (SELECT balanced FROM posting_display) THEN 'unbalanced'
           WHEN (SELECT direction FROM posting_display) IS NULL AND ${$(16)}::boolean THEN 'no_display'
           ELSE 'replayed' END,
      NULL) AS r_checked`;
  return { params: [...params, ...claimed.params], ctes, outcome };
};

/**
 * claimedPosting for several balanced transactions that are made together or not at all (a charge and its fee): ONE
 * pass over all their accounts, locked once in id order; each transaction checked on its own (balanced per currency,
 * its display leg) and written under its own idempotency key; the balances applied once per account. `outcome` raises
 * (LP001, rolling back everything the statement wrote) unless every one was made, when the claim was made; its
 * `r_transaction_id` is the least id posted. `transactionIds`: the new transactions' ids, in `inputs`' order.
 * The exchange keeps claimedPosting's one-transaction form: the per-transaction checks and joins here cost it about
 * 0.15 ms of database time per exchange (scripts/bench/profile.ts exchange).
 */
const claimedPostings = (
  inputs: readonly PostTransactionInput[],
  claim: StatementFrom,
  first = 1,
): { params: SqlParam[]; ctes: string; outcome: string; transactionIds: string[] } => {
  if (!inputs.length) throw new LedgerInvariantError('claimedPostings needs at least one transaction');
  if (inputs.some((input) => input.alongside)) throw new LedgerInvariantError('a claimed posting takes its extra write as the claim');
  const postings = inputs.map(postingParams);
  const entries = inputs.flatMap((input, i) => input.entries.map((entry) => ({ tx: i + 1, ...entry })));
  const accounts = entries.map((entry) => entry.accountId);
  // The entries as arrays (their accounts are looked up: one array parameter, `= ANY`, keeps a generic plan on the primary
  // key), the count of distinct accounts, then each transaction's fields as parameters of its own (a VALUES row).
  const params: SqlParam[] = [
    arrayLiteral(entries.map((entry) => String(entry.tx))),
    arrayLiteral(accounts),
    arrayLiteral(entries.map((entry) => String(entry.amount))),
    new Set(accounts).size,
  ];
  const rows = postings.map((posting, i) => {
    const at = params.length + first;
    // ledger_post's parameters 1-13 and 15 (14, the entries, are above).
    params.push(...posting.slice(0, 13), posting[14]!);
    const p = (k: number) => `$${at + k}`;
    return `(${i + 1}, ${p(0)}::text, ${p(1)}::text, ${p(2)}::text, ${p(3)}::text, ${p(4)}::text, ${p(5)}::jsonb, ${p(6)}::text, ${p(7)}::bigint,
        ${p(8)}::text, ${p(9)}::text, ${p(10)}::text, ${p(11)}::text, ${p(12)}::timestamptz, ${p(13)}::boolean)`;
  });
  const $ = (k: number) => `$${first + k - 1}`;
  const claimed = claim(first + params.length);
  const ctes = `claim AS (${claimed.sql}),
    posting_txs AS (
      SELECT t.* FROM claim, (VALUES ${rows.join(',\n      ')}) AS t (n, id, type, user_id, idempotency_key, status, details, direction,
        amount, currency, counter_currency, reference, failure_code, at, needs_display)
    ),
    posting_entries AS (
      SELECT e.tx, e.account_id, e.amount, e.ord
      FROM claim, unnest(${$(1)}::integer[], ${$(2)}::text[], ${$(3)}::bigint[]) WITH ORDINALITY AS e (tx, account_id, amount, ord)
    ),
    locked AS MATERIALIZED (
      SELECT a.id, a.currency, a.kind, a.user_id FROM ledger_accounts a
      WHERE a.id = ANY (${$(2)}::text[]) AND EXISTS (SELECT 1 FROM claim)
      ORDER BY a.id FOR UPDATE
    ),
    posting_found AS (
      SELECT (SELECT count(*) FROM locked) = ${$(4)}::integer AS found
    ),
    posting_display AS (
      SELECT t.n,
        NOT EXISTS (SELECT 1 FROM posting_entries e JOIN locked l ON l.id = e.account_id WHERE e.tx = t.n GROUP BY l.currency HAVING sum(e.amount) <> 0) AS balanced,
        CASE WHEN t.direction IS NOT NULL OR t.user_id IS NULL THEN t.direction
             WHEN w.debit_currency IS NOT NULL THEN 'debit' WHEN w.credit_currency IS NOT NULL THEN 'credit' END AS direction,
        CASE WHEN t.direction IS NOT NULL OR t.user_id IS NULL THEN t.amount
             WHEN w.debit_currency IS NOT NULL THEN w.debit_amount ELSE w.credit_amount END AS amount,
        CASE WHEN t.direction IS NOT NULL OR t.user_id IS NULL THEN t.currency
             WHEN w.debit_currency IS NOT NULL THEN w.debit_currency ELSE w.credit_currency END AS currency,
        CASE WHEN t.direction IS NOT NULL OR t.user_id IS NULL THEN t.counter_currency
             WHEN w.debit_currency IS NOT NULL THEN w.credit_currency END AS counter_currency
      FROM posting_txs t
      LEFT JOIN LATERAL (
        ${walletLegs(`e.tx = t.n AND l.kind = 'wallet' AND l.user_id = t.user_id`)}
      ) w ON true
    ),
    posted_tx AS (
      INSERT INTO ledger_transactions (id, type, user_id, idempotency_key, status, details, direction, amount, currency,
          counter_currency, reference, failure_code, created_at, finished_at)
        SELECT t.id, t.type, t.user_id, t.idempotency_key, t.status, t.details, d.direction, d.amount, d.currency, d.counter_currency,
          t.reference, t.failure_code, t.at, CASE WHEN t.status = 'pending' THEN NULL ELSE t.at END
        FROM posting_txs t JOIN posting_display d ON d.n = t.n, posting_found f
        WHERE f.found AND d.balanced AND (d.direction IS NOT NULL OR NOT t.needs_display)
        ORDER BY t.n
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id
    ),
    posted_entries AS (
      INSERT INTO ledger_entries (transaction_id, account_id, amount, currency)
        SELECT p.id, e.account_id, e.amount, l.currency
        FROM posted_tx p JOIN posting_txs t ON t.id = p.id JOIN posting_entries e ON e.tx = t.n JOIN locked l ON l.id = e.account_id
        ORDER BY e.ord
    ),
    posted_balances AS (
      UPDATE ledger_accounts a SET balance = a.balance + d.delta, updated_at = d.at
        FROM (SELECT e.account_id, sum(e.amount) AS delta, max(t.at) AS at
              FROM posting_entries e JOIN posting_txs t ON t.n = e.tx JOIN posted_tx p ON p.id = t.id GROUP BY e.account_id) d
        WHERE a.id = d.account_id
    )`;
  // ledger_post's outcomes, raised (LP001, rolling the claim back) when the claim was made and not every posting was.
  const outcome = `(SELECT min(id) FROM posted_tx) AS r_transaction_id,
    ledger_require_posted(
      CASE WHEN NOT EXISTS (SELECT 1 FROM claim) OR (SELECT count(*) FROM posted_tx) = ${inputs.length} THEN 'posted'
           WHEN NOT (SELECT found FROM posting_found) THEN 'missing'
           WHEN EXISTS (SELECT 1 FROM posting_display WHERE NOT balanced) THEN 'unbalanced'
           WHEN EXISTS (SELECT 1 FROM posting_display d JOIN posting_txs t ON t.n = d.n WHERE d.direction IS NULL AND t.needs_display) THEN 'no_display'
           ELSE 'replayed' END,
      NULL) AS r_checked`;
  return { params: [...params, ...claimed.params], ctes, outcome, transactionIds: postings.map((posting) => posting[0] as string) };
};

/**
 * Posts `inputs` (balanced transactions made together: a charge and its fee; a settlement) and the caller's writes in
 * ONE statement inside the caller's transaction `q`: claimedPostings under no claim, `alongside` as data-modifying WITH
 * clauses (written whatever happens; a refusal fails the statement, so they roll back with the caller's transaction).
 * Refuses as postTransaction does, by throwing: INSUFFICIENT_FUNDS (a never-negative account would go below zero),
 * UnknownLedgerAccountsError, LedgerInvariantError (unbalanced, no display leg, a ledger key used before). Returns the
 * new transactions' ids in `inputs`' order.
 */
export const postTransactionsWith = async (q: Queryable, inputs: readonly PostTransactionInput[], alongside: readonly StatementFrom[] = []): Promise<string[]> => {
  const always: StatementFrom = () => ({ sql: 'SELECT true AS claimed', params: [] });
  const { params, ctes, outcome, transactionIds } = claimedPostings(inputs, always);
  const extra = alongside.map((statement, i) => {
    const { sql, params: more } = statement(params.length + 1);
    params.push(...more);
    return `,\n    alongside${i} AS (${sql})`;
  });
  try {
    await q.query(`WITH ${ctes}${extra.join('')} SELECT ${outcome}`, params);
  } catch (error) {
    const code = pgErrorCode(error);
    // Only the accounts' never-negative CHECK is a refusal for funds; another CHECK failing (a caller's row) is a bug.
    if (code === CHECK_VIOLATION && (error as { constraint?: string }).constraint === NON_NEGATIVE) throw insufficientFunds();
    if (code === NOT_POSTED) {
      const reason = error instanceof Error ? error.message : String(error);
      const types = inputs.map((input) => input.type).join(' + ');
      if (reason === 'missing') throw new UnknownLedgerAccountsError(`unknown ledger accounts among ${inputs.flatMap((i) => i.entries.map((e) => e.accountId)).join(', ')}`);
      throw new LedgerInvariantError(`ledger transactions ${types} not posted: ${reason}`);
    }
    throw error;
  }
  return transactionIds;
};

/** What a statement made of claimedPosting did: its row ('posted'), no transaction ('claim-taken'), or 'not-posted'. */
export const claimedPostingOutcome = async (statement: Promise<Array<{ r_transaction_id: string | null }>>): Promise<ClaimedPostingResult> => {
  try {
    const [result] = await statement;
    if (!result?.r_transaction_id) return { outcome: 'claim-taken' };
    return { outcome: 'posted', transactionId: result.r_transaction_id };
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === NOT_POSTED) return { outcome: 'not-posted', reason: error instanceof Error ? error.message : String(error) };
    // A never-negative account would have gone below zero (the accounts' CHECK): ledger_post's 'insufficient'.
    if (code === CHECK_VIOLATION && (error as { constraint?: string }).constraint === NON_NEGATIVE) return { outcome: 'not-posted', reason: 'insufficient' };
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
 * null ids (a fee that was never charged) are skipped. Returns how many were pending. The ids are one array parameter
 * (`= ANY`): a generic plan reads them by primary key (a set unpacked in a subquery was planned as a scan of every pending
 * transaction: tests/server/statement-plans.test.ts).
 */
export const updateTransactionsStatus = async (q: Queryable, transactionIds: ReadonlyArray<string | null | undefined>, update: StatusUpdate): Promise<number> => {
  if (!transactionIds.some((id) => !!id)) return 0;
  const { sql, params } = transactionsStatusStatement(transactionIds, update)(1);
  return (await q.query(`${sql} RETURNING id`, params)).length;
};

/** updateTransactionsStatus's UPDATE, to send inside another statement (a WITH clause beside a posting). */
export const transactionsStatusStatement =
  (transactionIds: ReadonlyArray<string | null | undefined>, update: StatusUpdate): StatementFrom =>
  (n) => ({
    sql: `UPDATE ledger_transactions
     SET status = $${n + 1}, failure_code = $${n + 2}, finished_at = $${n + 3}, details = details || $${n + 4}::jsonb
     WHERE id = ANY ($${n}::text[]) AND status = 'pending'`,
    params: [
      arrayLiteral(transactionIds.filter((id): id is string => !!id)),
      update.status,
      update.failureCode ?? null,
      update.now ?? new Date(),
      JSON.stringify(update.details ?? {}),
    ],
  });
