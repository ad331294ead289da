/**
 * The database's ceiling for an exchange: the ledger posting of one exchange (`ledger_post`, the statement the exchange's
 * common case sends; server/modules/ledger/post.ts) driven by pgbench's C client straight at the database, with no HTTP,
 * no server process and no load generator in Node. Whatever an exchange through the API costs, it can never be faster
 * than this on the same cluster; `npm run bench:table` prints it beside pgbench TPC-B-like so that the exchange's
 * ratio can be read against the part of it the ledger alone takes.
 *
 * The database is a fresh one migrated like the app's, seeded with USERS users (wallet accounts in both currencies,
 * funded) and the hot system accounts' shards; each posting moves a user's USD into the FX pool's shard, the pool's RUB
 * out to the user and a fee into the fee account's shard: the five entries of a USD → RUB exchange, one shard per
 * posting picked at random as the exchange picks one per request.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { accountIds } from '../../server/modules/ledger';
import { createDatabase } from './postgres-cluster';

const USERS = 2_000;
/** As LEDGER_HOT_ACCOUNT_SHARDS' default (server/config/wallet.ts). */
const SHARDS = 32;

export interface LedgerPostingBench {
  url: string;
  /** The pgbench script (`-f`): one exchange's posting per transaction. */
  script: string;
}

export const prepareLedgerPostingBench = async (adminUrl: string, dir: string): Promise<LedgerPostingBench> => {
  const { url } = await createDatabase(adminUrl, 'ledger');
  const db = await openPostgres({ connectionString: url, maxConnections: 1 });
  try {
    await migrate(db);
    await db.query(
      `INSERT INTO users (id, email, first_name, last_name, phone_number, country, promo_code, verification_status, created_at, updated_at)
       SELECT 'u' || g, 'u' || g || '@example.com', 'Bench', 'User', '+79991234567', 'RUS', 'P' || g, 'verified', now(), now()
       FROM generate_series(1, ${USERS}) g`,
    );
    await db.query(
      `INSERT INTO ledger_accounts (id, kind, user_id, currency, balance, allow_negative, created_at, updated_at)
       SELECT 'wal_u' || g || '_' || c, 'wallet', 'u' || g, c, 1000000000000, false, now(), now()
       FROM generate_series(1, ${USERS}) g, unnest(ARRAY['USD', 'RUB']) c`,
    );
    await db.query(
      `INSERT INTO ledger_accounts (id, kind, code, currency, balance, allow_negative, created_at, updated_at)
       SELECT 'sys_' || k || CASE WHEN s = 0 THEN '' ELSE '.' || s END || '_' || c, 'system', k || CASE WHEN s = 0 THEN '' ELSE '.' || s END, c,
              1000000000000, true, now(), now()
       FROM generate_series(0, ${SHARDS - 1}) s, unnest(ARRAY['USD', 'RUB']) c, unnest(ARRAY['fx_pool', 'fee_revenue']) k`,
    );
    // The ids above follow accountIds (server/modules/ledger/accounts.ts); a renamed scheme fails here, not silently.
    const expected = [accountIds.wallet('u1', 'USD'), accountIds.systemShard('fx_pool', 'RUB', 5), accountIds.systemShard('fee_revenue', 'USD', 0)];
    const [found] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_accounts WHERE id IN ($1, $2, $3)', expected);
    if (found?.n !== expected.length) throw new Error(`ledger-posting bench: account ids no longer follow ${expected.join(', ')}`);
    await db.exec('VACUUM ANALYZE');
  } finally {
    await db.close();
  }
  const shard = `CASE WHEN :s = 0 THEN '' ELSE '.' || :s END`;
  const entry = (account: string, amount: number) => `jsonb_build_array(${account}, ${amount})`;
  const script = join(dir, 'ledger-posting.sql');
  writeFileSync(
    script,
    [
      `\\set u random(1, ${USERS})`,
      `\\set s random(0, ${SHARDS - 1})`,
      `SELECT r_outcome FROM ledger_post('wtx_' || md5(random()::text), 'currencyExchange', 'u' || :u, 'bench_' || md5(random()::text), 'completed',
        '{}'::jsonb, NULL, NULL, NULL, NULL, NULL, NULL, now(), jsonb_build_array(
          ${entry(`'wal_u' || :u || '_USD'`, -1_000)}, ${entry(`'sys_fx_pool' || ${shard} || '_USD'`, 990)},
          ${entry(`'sys_fx_pool' || ${shard} || '_RUB'`, -9_000)}, ${entry(`'wal_u' || :u || '_RUB'`, 9_000)},
          ${entry(`'sys_fee_revenue' || ${shard} || '_USD'`, 10)}), true);`.replace(/\n\s*/g, ' '),
      '',
    ].join('\n'),
  );
  return { url, script };
};
