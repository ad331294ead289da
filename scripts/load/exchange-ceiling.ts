/**
 * The exchanges' ceiling in `npm run bench:table`: a whole exchange written as ONE set-based statement over the app's
 * schema, driven by pgbench's C client (`-M prepared`) straight at the database: no HTTP, no server process, no load
 * generator in Node, and none of the app's own SQL (neither `ledger_post` nor the server's statements: this file
 * spells the exchange out itself, so the ceiling never measures the implementation under test).
 *
 * The statement does what an exchange must: it checks the quote (known, this pair, not expired) and derives the
 * amounts from its rate; claims the Idempotency-Key with its stored answer (`ON CONFLICT DO NOTHING`: a taken key
 * moves nothing); locks the 5 accounts in id order; inserts the ledger transaction under its ledger key and its 5
 * entries; and applies the balances, the accounts' CHECK guarding a negative balance. Every index, foreign key and
 * check of the schema is kept.
 *
 * The database is a fresh one migrated like the app's, seeded with USERS verified users (wallet accounts in both
 * currencies, funded), the hot system accounts' shards and one long-lived quote; each transaction moves a user's USD
 * into the FX pool's shard, the pool's RUB out to the user and a fee into the fee account's shard (the five entries
 * of a USD → RUB exchange, one shard picked at random per exchange as the app picks one per request).
 *
 * The same statement behind HTTP is the exchanges' best alternative through an API: scripts/load/bare-server.ts serves it
 * as POST /bare/exchange (Fastify + node-postgres, a named prepared statement), loaded by the same autocannon as the app.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { createDatabase } from './postgres-cluster';

/** The ceiling database's users, u1…uN, each with funded wallets in both currencies. */
export const CEILING_USERS = 2_000;
const USERS = CEILING_USERS;
/** As LEDGER_HOT_ACCOUNT_SHARDS' default (server/config/wallet.ts). */
export const CEILING_SHARDS = 32;
const SHARDS = CEILING_SHARDS;
const QUOTE_ID = 'qte_bench_ceiling';

/** Where the statement takes its inputs: SQL expressions for the user's number, the shard, the amount and the HTTP key. */
interface CeilingInputs {
  user: string;
  shard: string;
  amount: string;
  key: string;
}

/**
 * The whole exchange as ONE statement (the file's header says what it does); `p` names its inputs: pgbench's variables,
 * or the bare HTTP server's parameters (scripts/load/bare-server.ts, the same statement behind POST /bare/exchange).
 */
export const exchangeCeilingStatement = (p: CeilingInputs): string => {
  const shardSuffix = `CASE WHEN ${p.shard} = 0 THEN '' ELSE '.' || ${p.shard} END`;
  return `
    WITH q AS (
      SELECT id, rate::numeric AS rate, fee_bps FROM exchange_quotes
      WHERE id = '${QUOTE_ID}' AND from_currency = 'USD' AND to_currency = 'RUB' AND expires_at > now()
    ), figures AS (
      SELECT q.id AS quote_id, q.rate, ${p.amount} AS debited, (${p.amount} * q.fee_bps / 10000)::bigint AS fee,
             floor((${p.amount} - ${p.amount} * q.fee_bps / 10000) * q.rate)::bigint AS credited,
             'wtx_' || md5(random()::text) AS tx_id, ${p.key} AS http_key, now() AS at
      FROM q
    ), claim AS (
      INSERT INTO idempotency_keys (scope, endpoint_id, key, request_hash, state, status_code, response, created_at, updated_at)
      SELECT 'u' || ${p.user}, 'wallet.exchange', f.http_key, md5(f.http_key), 'done', 200,
             jsonb_build_object('transactionId', f.tx_id, 'debited', jsonb_build_object('amount', f.debited, 'currency', 'USD'),
               'credited', jsonb_build_object('amount', f.credited, 'currency', 'RUB'), 'rate', f.rate::text,
               'fee', jsonb_build_object('amount', f.fee, 'currency', 'USD'), 'createdAt', f.at),
             f.at, f.at
      FROM figures f
      ON CONFLICT DO NOTHING
      RETURNING key
    ), entries AS (
      SELECT e.account_id, e.amount, e.ord
      FROM figures f, claim,
      LATERAL (VALUES ('wal_u' || ${p.user} || '_USD', -f.debited, 1), ('sys_fx_pool' || ${shardSuffix} || '_USD', f.debited - f.fee, 2),
                      ('sys_fx_pool' || ${shardSuffix} || '_RUB', -f.credited, 3), ('wal_u' || ${p.user} || '_RUB', f.credited, 4),
                      ('sys_fee_revenue' || ${shardSuffix} || '_USD', f.fee, 5)) AS e (account_id, amount, ord)
    ), locked AS MATERIALIZED (
      SELECT a.id, a.currency FROM ledger_accounts a WHERE a.id IN (SELECT account_id FROM entries) ORDER BY a.id FOR UPDATE
    ), tx AS (
      INSERT INTO ledger_transactions (id, type, user_id, idempotency_key, status, details, direction, amount, currency, counter_currency, created_at, finished_at)
      SELECT f.tx_id, 'currencyExchange', 'u' || ${p.user}, 'exchange' || chr(58) || 'u' || ${p.user} || chr(58) || f.http_key, 'completed',
             jsonb_build_object('counterAmount', jsonb_build_object('amount', f.credited, 'currency', 'RUB'), 'rate', f.rate::text,
               'fee', jsonb_build_object('amount', f.fee, 'currency', 'USD'), 'quoteId', f.quote_id),
             'debit', f.debited, 'USD', 'RUB', f.at, f.at
      FROM figures f WHERE (SELECT count(*) FROM locked) = 5
      RETURNING id
    ), entry_rows AS (
      INSERT INTO ledger_entries (transaction_id, account_id, amount, currency)
      SELECT tx.id, e.account_id, e.amount, l.currency FROM tx, entries e JOIN locked l ON l.id = e.account_id ORDER BY e.ord
    )
    UPDATE ledger_accounts a SET balance = a.balance + e.amount, updated_at = now()
    FROM entries e JOIN locked l ON l.id = e.account_id, tx
    WHERE a.id = e.account_id;`;
};

export interface ExchangeCeilingBench {
  url: string;
  /** The pgbench script (`-f`): one exchange per transaction. */
  script: string;
  /** Whether the ledger still balances and no never-negative account is below zero (run after the load). */
  check(): Promise<{ transactions: number; unbalanced: number; negative: number }>;
}

export const prepareExchangeCeilingBench = async (adminUrl: string, dir: string): Promise<ExchangeCeilingBench> => {
  const { url } = await createDatabase(adminUrl, 'ceiling');
  const db = await openPostgres({ connectionString: url, maxConnections: 2 }); // migrate() holds one connection (its lock) and runs its batches on another
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
    await db.query(
      `INSERT INTO exchange_quotes (id, from_currency, to_currency, rate, mid_rate, spread_bps, fee_bps, market_at, created_at, expires_at)
       VALUES ($1, 'USD', 'RUB', '90.000000', '90.500000', 50, 100, now(), now(), now() + interval '1 day')`,
      [QUOTE_ID],
    );
    await db.exec('VACUUM ANALYZE');
  } finally {
    await db.close();
  }
  const script = join(dir, 'exchange-ceiling.sql');
  // One statement; pgbench's variables become its parameters under -M prepared.
  const statement = exchangeCeilingStatement({ user: '(:u::int)', shard: '(:s::int)', amount: '(:amount::int)', key: 'md5(random()::text)' });
  writeFileSync(
    script,
    [`\\set u random(1, ${USERS})`, `\\set s random(0, ${SHARDS - 1})`, `\\set amount random(500, 5500)`, statement.replace(/\n\s*/g, ' ').trim(), ''].join('\n'),
  );
  return {
    url,
    script,
    async check() {
      const check = await openPostgres({ connectionString: url, maxConnections: 1 });
      try {
        const [row] = await check.query<{ transactions: number; unbalanced: number; negative: number }>(
          `SELECT (SELECT count(*)::int FROM ledger_transactions) AS transactions,
                  (SELECT count(*)::int FROM (SELECT transaction_id FROM ledger_entries GROUP BY transaction_id, currency HAVING sum(amount) <> 0) u) AS unbalanced,
                  (SELECT count(*)::int FROM ledger_accounts WHERE NOT allow_negative AND balance < 0) AS negative`,
        );
        return row!;
      } finally {
        await check.close();
      }
    },
  };
};
