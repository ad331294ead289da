import type { Queryable } from '../../db/db';
import type { LedgerCheck } from './types';

/**
 * Verifies the ledger's invariants over the whole database (tests, the load benchmark, support):
 * every transaction sums to zero per currency, no never-negative account is below zero, and every
 * stored balance equals the sum of its entries.
 */
export const checkLedger = async (db: Queryable): Promise<LedgerCheck> => {
  const unbalanced = await db.query<{ transaction_id: string; currency: string; sum: string }>(
    `SELECT transaction_id, currency, sum(amount)::text AS sum FROM ledger_entries
     GROUP BY transaction_id, currency HAVING sum(amount) <> 0 ORDER BY transaction_id LIMIT 1000`,
  );
  const negative = await db.query<{ id: string; balance: number }>(
    `SELECT id, balance FROM ledger_accounts WHERE balance < 0 AND NOT allow_negative ORDER BY id LIMIT 1000`,
  );
  const mismatched = await db.query<{ id: string; balance: number; entries_sum: string }>(
    `SELECT a.id, a.balance, coalesce(s.total, 0)::text AS entries_sum
     FROM ledger_accounts a
     LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) s ON s.account_id = a.id
     WHERE a.balance <> coalesce(s.total, 0) ORDER BY a.id LIMIT 1000`,
  );
  const result = {
    unbalancedTransactions: unbalanced.map((row) => ({ transactionId: row.transaction_id, currency: row.currency, sum: Number(row.sum) })),
    negativeAccounts: negative.map((row) => ({ accountId: row.id, balance: row.balance })),
    mismatchedBalances: mismatched.map((row) => ({ accountId: row.id, balance: row.balance, entriesSum: Number(row.entries_sum) })),
  };
  return {
    ...result,
    ok: !result.unbalancedTransactions.length && !result.negativeAccounts.length && !result.mismatchedBalances.length,
  };
};
