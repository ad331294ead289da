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
 * Balances from the ledger (available = account balance; held = debits of still-pending transactions) and the USDT
 * tag, in ONE statement (a hot read); the tag is assigned on the first read that finds none. `db` is the request's
 * (bound with `session: 'with-first-query'`: this read also checks the session).
 */
export const getWallet = async ({ db, clock, user }: WalletRequest<typeof walletGet>): Promise<Wallet> => {
  const { userId } = user;
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
  const tag = rows[0]?.tag ?? (await depositTag(db, clock, userId));
  const updatedAt = rows.reduce<Date | null>((latest, row) => (row.updated_at && (!latest || row.updated_at > latest) ? row.updated_at : latest), null);
  return {
    balances: CURRENCIES.map((currency) => {
      const row = rows.find((r) => r.currency === currency);
      return { currency, available: { amount: row?.balance ?? 0, currency }, held: { amount: row?.held ?? 0, currency } };
    }),
    usdtDepositTag: tag,
    updatedAt: (updatedAt ?? clock.now()).toISOString(),
  };
};
