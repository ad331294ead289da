/** The wallet's balances and the user's USDT deposit tag (GET /api/wallet). */
import type { Currency, Wallet, walletGet } from '@/shared/contract';
import type { Clock } from '../../clock';
import { pgErrorCode, UNIQUE_VIOLATION, type Queryable } from '../../db/db';
import { accountIds } from '../ledger';
import type { WalletRequest } from './shared';
import { randomTag } from './usdt-amount';

const CURRENCIES: readonly Currency[] = ['USD', 'RUB'];

/** The user's permanent USDT deposit tag, assigned on first use (random, unique, never reused). */
const depositTag = async (q: Queryable, clock: Clock, userId: string): Promise<string> => {
  const select = async () =>
    (await q.query<{ tag: string }>('SELECT tag FROM usdt_deposit_tags WHERE user_id = $1', [userId]))[0]?.tag ?? null;
  const existing = await select();
  if (existing) return existing;
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await q.query('INSERT INTO usdt_deposit_tags (tag, user_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        randomTag(),
        userId,
        clock.now(),
      ]);
    } catch (error) {
      if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
    }
    const tag = await select();
    if (tag) return tag;
  }
  throw new Error('could not assign a USDT deposit tag (tag space exhausted?)');
};

/**
 * The wallet read as ONE row: per currency (in CURRENCIES' order, columns suffixed `_<i>`) the account's balance and
 * update time by its primary key, its held amount (debits of the user's still-pending transactions, one scan of the
 * pending index for all currencies), and the USDT tag. Index lookups only, whatever the tables' sizes (no sort, no hash
 * of a whole table under a generic plan). $1 the user, $2… the wallet accounts' ids.
 */
const WALLET_READ_SQL = `SELECT ${CURRENCIES.map(
  (_, i) => `a${i}.balance AS balance_${i}, a${i}.updated_at AS updated_at_${i}, coalesce(held.held_${i}, 0) AS held_${i}`,
).join(', ')},
    (SELECT tag FROM usdt_deposit_tags WHERE user_id = $1) AS tag
  FROM (SELECT ${CURRENCIES.map((_, i) => `$${i + 2}::text AS id_${i}`).join(', ')}) ids
  ${CURRENCIES.map((_, i) => `LEFT JOIN ledger_accounts a${i} ON a${i}.id = ids.id_${i}`).join('\n  ')}
  LEFT JOIN LATERAL (
    SELECT ${CURRENCIES.map((_, i) => `(-sum(e.amount) FILTER (WHERE e.account_id = ids.id_${i}))::bigint AS held_${i}`).join(', ')}
    FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
    WHERE t.user_id = $1 AND t.status = 'pending' AND e.amount < 0
      AND e.account_id IN (${CURRENCIES.map((_, i) => `ids.id_${i}`).join(', ')})
  ) held ON true`;

/** WALLET_READ_SQL's row: `balance_<i>`, `updated_at_<i>`, `held_<i>` per currency, and `tag`. */
type WalletReadRow = Record<string, number | Date | string | null>;

/**
 * Balances from the ledger (available = account balance; held = debits of still-pending transactions) and the USDT
 * tag, in ONE statement (a hot read, WALLET_READ_SQL); the tag is assigned on the first read that finds none. `db` is
 * the request's (bound with `session: 'with-first-query'`: this read also checks the session).
 */
export const getWallet = async ({ db, clock, user }: WalletRequest<typeof walletGet>): Promise<Wallet> => {
  const { userId } = user;
  const [row = {}] = await db.query<WalletReadRow>(WALLET_READ_SQL, [userId, ...CURRENCIES.map((currency) => accountIds.wallet(userId, currency))]);
  const tag = (row.tag as string | null | undefined) ?? (await depositTag(db, clock, userId));
  let updatedAt: Date | null = null;
  const balances = CURRENCIES.map((currency, i) => {
    const at = row[`updated_at_${i}`] as Date | null | undefined;
    if (at && (!updatedAt || at > updatedAt)) updatedAt = at;
    return {
      currency,
      available: { amount: (row[`balance_${i}`] as number | null | undefined) ?? 0, currency },
      held: { amount: (row[`held_${i}`] as number | null | undefined) ?? 0, currency },
    };
  });
  return { balances, usdtDepositTag: tag, updatedAt: (updatedAt ?? clock.now()).toISOString() };
};
