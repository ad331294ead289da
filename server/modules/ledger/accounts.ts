import type { Db, Queryable } from '../../db/db';
import { SYSTEM_ACCOUNTS, type AccountKind, type Currency, type LedgerAccount, type SystemAccountCode } from './types';

interface AccountRow extends Record<string, unknown> {
  id: string;
  kind: AccountKind;
  user_id: string | null;
  code: string | null;
  card_id: string | null;
  currency: Currency;
  allow_negative: boolean;
}

const ACCOUNT_COLUMNS = 'id, kind, user_id, code, card_id, currency, allow_negative';

const toAccount = (row: AccountRow): LedgerAccount => ({
  id: row.id,
  kind: row.kind,
  userId: row.user_id,
  code: row.code,
  cardId: row.card_id,
  currency: row.currency,
  allowNegative: row.allow_negative,
});

/**
 * A hot system account (every exchange touches the FX pool) can be split into shards, so postings lock one
 * shard each instead of queueing on one row. Shard 0 is the plain account; shard k > 0 has code `<code>.<k>`.
 * The account's balance is the sum over its shards.
 */
const shardCode = (code: string, shard: number): string => (shard === 0 ? code : `${code}.${shard}`);

/** Account ids are deterministic, so callers never need a lookup to know an id. */
export const accountIds = {
  wallet: (userId: string, currency: Currency) => `wal_${userId}_${currency}`,
  system: (code: string, currency: Currency) => `sys_${code}_${currency}`,
  /** Shard `shard` of a system account (0 = the plain account). */
  systemShard: (code: string, currency: Currency, shard: number) => `sys_${shardCode(code, shard)}_${currency}`,
  card: (cardId: string) => `crd_${cardId}`,
};

/** Balance of a system account summed over all its shards (minor units). */
export const systemAccountBalance = async (q: Queryable, code: string, currency: Currency): Promise<number> => {
  const [row] = await q.query<{ total: number }>(
    `SELECT coalesce(sum(balance), 0)::bigint AS total FROM ledger_accounts
     WHERE kind = 'system' AND currency = $2 AND (code = $1 OR code LIKE $1 || '.%')`,
    [code, currency],
  );
  return row?.total ?? 0;
};

/**
 * The shard of system account `code` that transaction `transactionId` posted to, or null (no such transaction or no
 * entry on that account). Follow-up postings (settle, refund) use it, so they undo exactly what the first one did,
 * whatever the shard count is now.
 */
export const systemAccountPostedBy = async (q: Queryable, transactionId: string | null, code: string): Promise<string | null> => {
  if (!transactionId) return null;
  const [row] = await q.query<{ account_id: string }>(
    `SELECT e.account_id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
     WHERE e.transaction_id = $1 AND a.kind = 'system' AND (a.code = $2 OR a.code LIKE $2 || '.%') LIMIT 1`,
    [transactionId, code],
  );
  return row?.account_id ?? null;
};

/** A stable shard number in 0..shards-1 for a key (FNV-1a). */
export const pickShard = (key: string, shards: number): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % Math.max(1, shards);
};

const selectAccount = async (q: Queryable, id: string): Promise<LedgerAccount | null> => {
  const [row] = await q.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts WHERE id = $1`, [id]);
  return row ? toAccount(row) : null;
};

/**
 * Reads an account, creating it on first use. The insert takes no lock on an existing row (ON CONFLICT
 * DO NOTHING), so creating accounts never interferes with the id-ordered locking of postTransaction.
 */
const ensureAccount = async (
  q: Queryable,
  account: Omit<LedgerAccount, 'allowNegative'> & { allowNegative: boolean },
  now: Date,
): Promise<LedgerAccount> => {
  const existing = await selectAccount(q, account.id);
  if (existing) return existing;
  await q.query(
    `INSERT INTO ledger_accounts (id, kind, user_id, code, card_id, currency, allow_negative, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT DO NOTHING`,
    [account.id, account.kind, account.userId, account.code, account.cardId, account.currency, account.allowNegative, now],
  );
  const created = await selectAccount(q, account.id);
  if (!created) throw new Error(`ledger account ${account.id} could not be created`);
  return created;
};

/** The user's wallet account in a currency (created on first use, never negative). */
export const getWalletAccount = (q: Queryable, userId: string, currency: Currency, now: Date = new Date()): Promise<LedgerAccount> =>
  ensureAccount(
    q,
    { id: accountIds.wallet(userId, currency), kind: 'wallet', userId, code: null, cardId: null, currency, allowNegative: false },
    now,
  );

/**
 * Creates the user's wallet accounts in every currency if missing (one statement, no locks on existing
 * rows) and returns their ids. Cheaper than getWalletAccount on hot paths that know the ids anyway.
 */
export const ensureWalletAccounts = async (q: Queryable, userId: string, now: Date = new Date()): Promise<Record<Currency, string>> => {
  const ids = { USD: accountIds.wallet(userId, 'USD'), RUB: accountIds.wallet(userId, 'RUB') };
  await q.query(
    `INSERT INTO ledger_accounts (id, kind, user_id, currency, allow_negative, created_at, updated_at)
     VALUES ($1, 'wallet', $3, 'USD', false, $4, $4), ($2, 'wallet', $3, 'RUB', false, $4, $4)
     ON CONFLICT DO NOTHING`,
    [ids.USD, ids.RUB, userId, now],
  );
  return ids;
};

/** A system account (created on first use; whether it may go negative is fixed per code in SYSTEM_ACCOUNTS). */
export const getSystemAccount = (q: Queryable, code: SystemAccountCode, currency: Currency, now: Date = new Date()): Promise<LedgerAccount> => {
  const spec = SYSTEM_ACCOUNTS[code];
  if (!spec) throw new Error(`Unknown system account code "${code}"`);
  return ensureAccount(
    q,
    { id: accountIds.system(code, currency), kind: 'system', userId: null, code, cardId: null, currency, allowNegative: spec.allowNegative },
    now,
  );
};

/** Shard `shard` of a system account (created on first use, same sign rule as the plain account). */
export const getSystemAccountShard = (
  q: Queryable,
  code: SystemAccountCode,
  currency: Currency,
  shard: number,
  now: Date = new Date(),
): Promise<LedgerAccount> => {
  const spec = SYSTEM_ACCOUNTS[code];
  if (!spec) throw new Error(`Unknown system account code "${code}"`);
  if (!Number.isInteger(shard) || shard < 0) throw new Error(`Invalid shard ${shard}`);
  return ensureAccount(
    q,
    {
      id: accountIds.systemShard(code, currency, shard),
      kind: 'system',
      userId: null,
      code: shardCode(code, shard),
      cardId: null,
      currency,
      allowNegative: spec.allowNegative,
    },
    now,
  );
};

/**
 * The system accounts a module posts to, every shard of each, made once per process: the function made here creates
 * them on its first call (one transaction, in the order given) and answers at once afterwards; a failed attempt is
 * tried again by the next call.
 */
export const systemShardsOnce = (
  db: Db,
  accounts: ReadonlyArray<readonly [SystemAccountCode, Currency]>,
  shards: number,
): (() => Promise<void>) => {
  let ready: Promise<void> | undefined;
  return () =>
    (ready ??= db
      .tx(async (q) => {
        for (let shard = 0; shard < shards; shard++) {
          for (const [code, currency] of accounts) await getSystemAccountShard(q, code, currency, shard);
        }
      })
      .catch((error: unknown) => {
        ready = undefined;
        throw error;
      }));
};

/** The balance account of a card (never negative). Idempotent: a second call returns the same account. */
export const createCardAccount = async (
  q: Queryable,
  input: { cardId: string; userId: string; currency: Currency },
  now: Date = new Date(),
): Promise<LedgerAccount> => {
  const account = await ensureAccount(
    q,
    {
      id: accountIds.card(input.cardId),
      kind: 'card',
      userId: input.userId,
      code: null,
      cardId: input.cardId,
      currency: input.currency,
      allowNegative: false,
    },
    now,
  );
  if (account.userId !== input.userId || account.currency !== input.currency) {
    throw new Error(`card account ${account.id} exists with another owner or currency`);
  }
  return account;
};

/** The card's account, or null if none was created. */
export const getCardAccount = (q: Queryable, cardId: string): Promise<LedgerAccount | null> => selectAccount(q, accountIds.card(cardId));

/** Any account by id, or null. */
const findAccount = (q: Queryable, accountId: string): Promise<LedgerAccount | null> => selectAccount(q, accountId);

/** Current balance in minor units (0 for an account that does not exist yet). Not locked: for display. */
export const balanceOf = async (q: Queryable, accountId: string): Promise<number> => {
  const [row] = await q.query<{ balance: number }>('SELECT balance FROM ledger_accounts WHERE id = $1', [accountId]);
  return row?.balance ?? 0;
};
