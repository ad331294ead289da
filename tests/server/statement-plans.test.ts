/**
 * Hot statements read the rows they work on, not a table's worth, under the plan a long-lived process ends up with:
 * the app prepares its statements (docs/performance.md "Named prepared statements"), and after a few runs PostgreSQL may
 * keep a generic plan that knows nothing of the parameters' values. Each case fills the table the statement searches,
 * then counts the rows the statement's scans return under a forced generic plan (EXPLAIN ANALYZE of EXECUTE), inside a
 * transaction that is rolled back. Both databases (PGlite runs PostgreSQL's own planner).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable, SqlParam } from '../../server/db/db';
import { jobClaimStatement } from '../../server/jobs';
import { updateTransactionsStatus } from '../../server/modules/ledger';
import { getWallet } from '../../server/modules/wallet/balance';
import { createTestApp, signUp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The one statement `run` sends, with its parameters (nothing reaches the database). */
const captured = async (run: (q: Queryable) => Promise<unknown>): Promise<{ sql: string; params: readonly SqlParam[] }> => {
  let statement: { sql: string; params: readonly SqlParam[] } | undefined;
  await run({
    query: async (sql, params = []) => {
      if (statement) throw new Error('the operation sent more than one statement');
      statement = { sql, params };
      return [];
    },
    exec: async () => {
      throw new Error('unexpected exec');
    },
  });
  if (!statement) throw new Error('the operation sent no statement');
  return statement;
};

const literal = (value: SqlParam): string => {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `'${String(value).replace(/'/g, "''")}'`;
};

interface PlanNode {
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}
/**
 * Rows returned by every scan of the plan (index, sequential, function…), loops counted; a bitmap index scan's rows are
 * counted once, as its heap scan returns them.
 */
const scannedRows = (node: PlanNode): number =>
  (/Scan/.test(node['Node Type']) && node['Node Type'] !== 'Bitmap Index Scan' ? node['Actual Rows'] * node['Actual Loops'] : 0) + (node.Plans ?? []).reduce((sum, child) => sum + scannedRows(child), 0);

class RolledBack extends Error {}
/** `work` in a transaction that is always rolled back; its result. */
const rolledBack = async <T>(work: (q: Queryable) => Promise<T>): Promise<T> => {
  let result: T | undefined;
  await t.db
    .tx(async (q) => {
      result = await work(q);
      throw new RolledBack();
    })
    .catch((error) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return result as T;
};

/** The statement as a generic plan, run (EXPLAIN ANALYZE EXECUTE): the rows its scans returned. */
const genericPlanRows = async (q: Queryable, { sql, params }: { sql: string; params: readonly SqlParam[] }): Promise<number> => {
  await q.query(`SET LOCAL plan_cache_mode = force_generic_plan`);
  await q.query(`PREPARE plan_probe AS ${sql}`);
  const [row] = await q.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE plan_probe(${params.map(literal).join(', ')})`,
  );
  await q.query('DEALLOCATE plan_probe');
  const plan = row!["QUERY PLAN"];
  return scannedRows((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan);
};

describe('hot statements under a generic plan', () => {
  it('settling transactions reads those transactions, not every pending one', async () => {
    const { user } = await signUp(t);
    const rows = await rolledBack(async (q) => {
      await q.query(
        `INSERT INTO ledger_transactions (id, type, user_id, idempotency_key, status, created_at)
         SELECT 'wtx_plan_' || g, 'serviceCommission', $1, 'plan:' || $1 || ':' || g, 'pending', now() FROM generate_series(1, 2000) g`,
        [user.id],
      );
      await q.query('ANALYZE ledger_transactions');
      const settle = await captured((capture) => updateTransactionsStatus(capture, ['wtx_plan_7', 'wtx_plan_1500'], { status: 'completed', now: new Date() }));
      return genericPlanRows(q, settle);
    });
    expect(rows).toBeLessThanOrEqual(2);
  });

  it('a wallet read looks up the user’s own accounts and pending transactions, not a table’s worth', async () => {
    const { user } = await signUp(t);
    const { user: other } = await signUp(t);
    const rows = await rolledBack(async (q) => {
      // Many accounts, and many pending transactions of another user, for the read to pass over.
      await q.query(
        `INSERT INTO ledger_accounts (id, kind, code, currency, balance, created_at, updated_at)
         SELECT 'sys_plan_probe_' || g || '_USD', 'system', 'plan_probe_' || g, 'USD', 0, now(), now() FROM generate_series(1, 5000) g`,
      );
      await q.query(
        `INSERT INTO ledger_transactions (id, type, user_id, idempotency_key, status, created_at)
         SELECT 'wtx_wallet_plan_' || g, 'serviceCommission', $1, 'wallet-plan:' || g, 'pending', now() FROM generate_series(1, 2000) g`,
        [other.id],
      );
      await q.query('ANALYZE ledger_accounts');
      await q.query('ANALYZE ledger_transactions');
      // The read's one statement (its tag found, so nothing else is sent).
      let read: { sql: string; params: readonly SqlParam[] } | undefined;
      const capture = { query: async (sql: string, params: readonly SqlParam[] = []) => ((read = { sql, params }), [{ tag: '123401' }]) };
      await getWallet({ db: capture, clock: t.clock, user: { userId: user.id } } as unknown as Parameters<typeof getWallet>[0]);
      return genericPlanRows(q, read!);
    });
    // The tag, the two wallet accounts (by key) and none of the other user's pending transactions.
    expect(rows).toBeLessThanOrEqual(3);
  });

  it('a job claim is planned once and then kept as a generic plan, not planned afresh at every claim', async () => {
    const plans = await rolledBack(async (q) => {
      // A long queue (a burst of top-ups): a generic plan of `LIMIT $n` is costed for a tenth of it, above the custom plans.
      await q.query(`INSERT INTO jobs (kind, payload) SELECT 'plan.probe', '{}'::jsonb FROM generate_series(1, 20000)`);
      await q.query('ANALYZE jobs');
      // As a worker claims: 4 free slots, a job it just finished marked done in the same statement.
      const { sql, params } = jobClaimStatement(['plan.probe'], 4, 'plan-probe-worker', 30_000, 0);
      await q.query(`PREPARE claim_probe AS ${sql}`);
      for (let claim = 0; claim < 12; claim++) await q.query(`EXECUTE claim_probe(${params.map(literal).join(', ')})`);
      const [row] = await q.query<{ generic_plans: number; custom_plans: number }>(
        `SELECT generic_plans::int AS generic_plans, custom_plans::int AS custom_plans FROM pg_prepared_statements WHERE name = 'claim_probe'`,
      );
      await q.query('DEALLOCATE claim_probe');
      return row!;
    });
    // PostgreSQL plans the first five executions for their values, then keeps the generic plan when it costs no more.
    expect(plans).toEqual({ custom_plans: 5, generic_plans: 7 });
  });
});
