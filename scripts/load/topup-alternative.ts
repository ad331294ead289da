/**
 * The card top-ups' best alternative in `npm run bench:table`: a whole top-up, from the request to the card loaded,
 * in the fewest statements that still do what a top-up must, written here over the app's schema (none of the app's
 * SQL: neither `ledger_post` nor the server's statements), served by bare Fastify + node-postgres
 * (scripts/load/bare-server.ts: POST /bare/topup and its job worker) and loaded by the same autocannon as the app.
 *
 * A top-up's life, as the app's: the request charges the wallet and queues the issuer's work; a job asks the issuer to
 * load the card; once the issuer has loaded it, the money settles. Here that is three statements and a share of a
 * fourth:
 *   1. the request (`topUpRequestStatement`): locks the card (owned, active) with its product (the range and the fee);
 *      claims the Idempotency-Key with its stored answer; locks the 3 accounts in id order; inserts the two pending
 *      ledger transactions (the transfer to the issuer's funding shard, the fee to the revenue shard) and their 4
 *      entries; applies the balances (the accounts' CHECK refuses a negative wallet); inserts the top-up row, its
 *      pending card transaction and its job;
 *   2. the job's claim (`claimTopUpJobsStatement`, a batch per claim, FOR UPDATE SKIP LOCKED under a lease);
 *   3. the issuer's load (`issuerLoadStatement`): the sandbox issuer's own books, as the app's sandbox writes them;
 *   4. the settlement (`settleTopUpStatement`): the funding shard → the card's account in one completed transaction
 *      with its 2 entries and balances, the two charges completed, the top-up and its card transaction completed, the
 *      job done.
 * Every index, foreign key and check of the schema is kept; exactly-once holds by the same keys (the HTTP key, the
 * ledger keys, the movement's ref, the job's lease).
 *
 * It runs on the exchanges' ceiling database (scripts/load/exchange-ceiling.ts: its users u1…uN, funded wallets and the
 * hot system shards), to which `prepareTopUpAlternative` adds a card per user (active, known to the sandbox issuer) and
 * the card-issuer funding shards.
 */
import { openPostgres } from '../../server/db/postgres';
import { CEILING_SHARDS, CEILING_USERS } from './exchange-ceiling';

/** The job kind of the alternative's issuer work (the app's workers never run on this database). */
export const TOP_UP_ALTERNATIVE_JOB = 'bare.topup';

/** The card of user number `user` on the ceiling database. */
const cardOf = (user: string) => `'card_u' || ${user}`;

/**
 * The request, ONE statement: $1 the user's number, $2 the shard, $3 the amount (minor units), $4 the Idempotency-Key.
 * Answers one row (the top-up's id) when it charged; no row when the key was taken, the card is not the user's or not
 * active, or the amount is out of the product's range; fails on the accounts' CHECK when the wallet cannot pay.
 */
export const topUpRequestStatement = (): string => {
  const shardSuffix = `CASE WHEN $2::int = 0 THEN '' ELSE '.' || $2::int END`;
  return `
    WITH card AS MATERIALIZED (
      SELECT c.id, c.user_id, c.currency, c.last4, p.deposit_fee_bps, p.deposit_fee_fixed
      FROM cards c JOIN card_products p ON p.id = c.product_id
      WHERE c.id = ${cardOf('$1::int')} AND c.user_id = 'u' || $1::int AND c.status = 'active'
        AND $3::bigint BETWEEN p.deposit_min AND p.deposit_max
      FOR UPDATE OF c
    ), figures AS (
      SELECT card.*, $3::bigint AS amount,
             card.deposit_fee_fixed + CASE WHEN card.deposit_fee_bps > 0 THEN ($3::bigint * card.deposit_fee_bps + 9999) / 10000 ELSE 0 END AS fee,
             'ctu_' || md5(random()::text) AS topup_id, 'wtx_' || md5(random()::text) AS transfer_id, 'wtx_' || md5(random()::text) AS fee_id,
             'ctx_' || md5(random()::text) AS card_tx_id,
             'sys_card_issuer_funding' || ${shardSuffix} || '_' || card.currency AS funding_id,
             'sys_fee_revenue' || ${shardSuffix} || '_' || card.currency AS revenue_id,
             now() AS at
      FROM card
    ), claim AS (
      INSERT INTO idempotency_keys (scope, endpoint_id, key, request_hash, state, status_code, response, created_at, updated_at)
      SELECT f.user_id, 'cards.topUp', $4::text, md5($4::text || f.id || f.amount), 'done', 200,
             jsonb_build_object('transfer', jsonb_build_object('id', f.topup_id, 'amount', jsonb_build_object('amount', f.amount, 'currency', f.currency),
               'fee', jsonb_build_object('amount', f.fee, 'currency', f.currency), 'total', jsonb_build_object('amount', f.amount + f.fee, 'currency', f.currency),
               'status', 'pending', 'createdAt', f.at)),
             f.at, f.at
      FROM figures f
      ON CONFLICT DO NOTHING
      RETURNING key
    ), entries AS (
      SELECT e.tx_id, e.account_id, e.amount, e.ord
      FROM figures f, claim,
      LATERAL (VALUES (f.transfer_id, 'wal_' || f.user_id || '_' || f.currency, -f.amount, 1), (f.transfer_id, f.funding_id, f.amount, 2),
                      (f.fee_id, 'wal_' || f.user_id || '_' || f.currency, -f.fee, 3), (f.fee_id, f.revenue_id, f.fee, 4)) AS e (tx_id, account_id, amount, ord)
      WHERE e.amount <> 0
    ), locked AS MATERIALIZED (
      SELECT a.id, a.currency FROM ledger_accounts a WHERE a.id IN (SELECT account_id FROM entries) ORDER BY a.id FOR UPDATE
    ), tx AS (
      INSERT INTO ledger_transactions (id, type, user_id, idempotency_key, status, details, direction, amount, currency, created_at)
      SELECT t.id, t.type, f.user_id, t.key, 'pending', t.details, 'debit', t.amount, f.currency, f.at
      FROM figures f, claim,
      LATERAL (VALUES (f.transfer_id, 'cardTransfer', 'card-topup:' || f.topup_id, f.amount,
                       jsonb_build_object('cardId', f.id, 'cardLast4', f.last4, 'transferId', f.topup_id)),
                      (f.fee_id, 'serviceCommission', 'card-topup:' || f.topup_id || ':fee', f.fee,
                       jsonb_build_object('reason', 'cardTopUp', 'relatedTransactionId', f.transfer_id, 'cardId', f.id))) AS t (id, type, key, amount, details)
      WHERE t.amount > 0 AND (SELECT count(*) FROM locked) = (SELECT count(DISTINCT account_id) FROM entries)
      RETURNING id
    ), entry_rows AS (
      INSERT INTO ledger_entries (transaction_id, account_id, amount, currency)
      SELECT e.tx_id, e.account_id, e.amount, l.currency FROM entries e JOIN locked l ON l.id = e.account_id JOIN tx ON tx.id = e.tx_id ORDER BY e.ord
    ), balances AS (
      UPDATE ledger_accounts a SET balance = a.balance + d.delta, updated_at = now()
      FROM (SELECT e.account_id, sum(e.amount) AS delta FROM entries e JOIN tx ON tx.id = e.tx_id GROUP BY e.account_id) d
      WHERE a.id = d.account_id
    ), card_tx AS (
      INSERT INTO card_transactions (id, card_id, source_key, type, direction, amount, currency, status, wallet_transaction_id, created_at, updated_at)
      SELECT f.card_tx_id, f.id, 'topup:' || f.topup_id, 'topup', 'credit', f.amount, f.currency, 'pending', f.transfer_id, f.at, f.at
      FROM figures f WHERE EXISTS (SELECT 1 FROM tx)
    ), job AS (
      INSERT INTO jobs (kind, payload) SELECT '${TOP_UP_ALTERNATIVE_JOB}', jsonb_build_object('topupId', f.topup_id) FROM figures f WHERE EXISTS (SELECT 1 FROM tx)
    )
    INSERT INTO card_topups (id, card_id, user_id, request_key, amount, fee, currency, status, transfer_transaction_id, fee_transaction_id,
      funding_account_id, revenue_account_id, created_at, updated_at)
    SELECT f.topup_id, f.id, f.user_id, $4::text, f.amount, f.fee, f.currency, 'pending', f.transfer_id, CASE WHEN f.fee > 0 THEN f.fee_id END,
           f.funding_id, f.revenue_id, f.at, f.at
    FROM figures f WHERE EXISTS (SELECT 1 FROM tx)
    RETURNING id`;
};

/** Claims up to $2 due jobs of the alternative for worker $1 under a 30 s lease: their ids and top-ups. */
export const claimTopUpJobsStatement = `
  UPDATE jobs j SET status = 'running', locked_by = $1::text, locked_until = now() + interval '30 seconds', attempts = j.attempts + 1, updated_at = now()
  WHERE j.id IN (
    SELECT id FROM jobs WHERE status = 'queued' AND kind = '${TOP_UP_ALTERNATIVE_JOB}' AND run_at <= now() ORDER BY run_at LIMIT $2::int FOR UPDATE SKIP LOCKED
  )
  RETURNING j.id, j.payload->>'topupId' AS topup_id`;

/** The sandbox issuer loads the card ($1: the top-up's id), in its own books, once. */
export const issuerLoadStatement = `
  INSERT INTO sandbox_card_issuer_movements (ref, card_ref, amount, created_at)
  SELECT 'topup:' || t.id, t.card_id, t.amount, now() FROM card_topups t WHERE t.id = $1::text
  ON CONFLICT (ref) DO NOTHING`;

/**
 * The issuer loaded the card: ONE statement settles the top-up $1 and marks its job $2 (held by worker $3) done. A
 * top-up no longer pending settles nothing (the ledger key refuses a second settlement too).
 */
export const settleTopUpStatement = `
  WITH locked_topup AS MATERIALIZED (
    SELECT id, card_id, user_id, amount, currency, status, funding_account_id, transfer_transaction_id, fee_transaction_id
    FROM card_topups WHERE id = $1::text FOR UPDATE
  ), t AS (
    -- Found by its key, then judged: a status predicate beside the key lets the planner pick the pending top-ups'
    -- index, and walk every queued one.
    SELECT * FROM locked_topup WHERE status = 'pending'
  ), entries AS (
    SELECT e.account_id, e.amount, e.ord FROM t,
    LATERAL (VALUES (t.funding_account_id, -t.amount, 1), ('crd_' || t.card_id, t.amount, 2)) AS e (account_id, amount, ord)
  ), locked AS MATERIALIZED (
    SELECT a.id, a.currency FROM ledger_accounts a WHERE a.id IN (SELECT account_id FROM entries) ORDER BY a.id FOR UPDATE
  ), tx AS (
    INSERT INTO ledger_transactions (id, type, user_id, idempotency_key, status, details, created_at, finished_at)
    SELECT 'wtx_' || md5(random()::text), 'cardTopupSettle', t.user_id, 'card-topup:' || t.id || ':settle', 'completed',
           jsonb_build_object('cardId', t.card_id, 'transferId', t.id, 'relatedTransactionId', t.transfer_transaction_id), now(), now()
    FROM t WHERE (SELECT count(*) FROM locked) = 2
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id
  ), entry_rows AS (
    INSERT INTO ledger_entries (transaction_id, account_id, amount, currency)
    SELECT tx.id, e.account_id, e.amount, l.currency FROM tx, entries e JOIN locked l ON l.id = e.account_id ORDER BY e.ord
  ), balances AS (
    UPDATE ledger_accounts a SET balance = a.balance + e.amount, updated_at = now() FROM entries e, tx WHERE a.id = e.account_id
  ), charges AS (
    -- Pending with their top-up (settled together, here); by their keys alone (a status predicate would bring in the
    -- pending transactions' index).
    UPDATE ledger_transactions x SET status = 'completed', finished_at = now()
    FROM t, tx WHERE x.id IN (t.transfer_transaction_id, t.fee_transaction_id)
  ), topup AS (
    UPDATE card_topups u SET status = 'completed', updated_at = now() FROM t, tx WHERE u.id = t.id
  ), card_tx AS (
    UPDATE card_transactions c SET status = 'completed', updated_at = now() FROM t, tx WHERE c.source_key = 'topup:' || t.id AND c.status = 'pending'
  )
  UPDATE jobs SET status = 'done', locked_by = NULL, locked_until = NULL, updated_at = now() WHERE id = $2::bigint AND locked_by = $3::text`;

/** Adds to the ceiling database a card per user (active, loaded by the sandbox issuer) and the funding shards. */
export const prepareTopUpAlternative = async (url: string): Promise<{ minAmount: number; check(): Promise<TopUpAlternativeCheck> }> => {
  const db = await openPostgres({ connectionString: url, maxConnections: 1 });
  try {
    const [product] = await db.query<{ id: string; scheme: string; deposit_min: number }>(
      `SELECT id, scheme, deposit_min FROM card_products WHERE currency = 'USD' AND form = 'virtual' AND available AND retired_at IS NULL ORDER BY sort_order LIMIT 1`,
    );
    if (!product) throw new Error('no available virtual USD card product on the ceiling database');
    await db.query(
      `INSERT INTO cards (id, user_id, product_id, status, scheme, form, currency, cardholder_name, last4, issuer_card_id, create_key,
         initial_deposit, creation_fee, issuing_fee, deposit_fee, created_at, updated_at)
       SELECT 'card_u' || g, 'u' || g, $1, 'active', $2, 'virtual', 'USD', 'BENCH USER', lpad((g % 10000)::text, 4, '0'), 'isc_u' || g, 'create-u' || g,
              $3, 0, 0, 0, now(), now()
       FROM generate_series(1, ${CEILING_USERS}) g`,
      [product.id, product.scheme, product.deposit_min],
    );
    await db.query(
      `INSERT INTO ledger_accounts (id, kind, user_id, card_id, currency, balance, allow_negative, created_at, updated_at)
       SELECT 'crd_card_u' || g, 'card', 'u' || g, 'card_u' || g, 'USD', 0, false, now(), now() FROM generate_series(1, ${CEILING_USERS}) g`,
    );
    await db.query(
      `INSERT INTO ledger_accounts (id, kind, code, currency, balance, allow_negative, created_at, updated_at)
       SELECT 'sys_card_issuer_funding' || CASE WHEN s = 0 THEN '' ELSE '.' || s END || '_USD', 'system',
              'card_issuer_funding' || CASE WHEN s = 0 THEN '' ELSE '.' || s END, 'USD', 0, true, now(), now()
       FROM generate_series(0, ${CEILING_SHARDS - 1}) s`,
    );
    await db.query(
      `INSERT INTO sandbox_card_issuer_cards (card_ref, issuer_card_id, user_ref, product_ref, form, scheme, currency, cardholder_name, state, last4,
         secret_box, created_at, updated_at)
       SELECT 'card_u' || g, 'isc_u' || g, 'u' || g, $1, 'virtual', $2, 'USD', 'BENCH USER', 'active', lpad((g % 10000)::text, 4, '0'), 'sealed', now(), now()
       FROM generate_series(1, ${CEILING_USERS}) g`,
      [product.id, product.scheme],
    );
    await db.exec('VACUUM ANALYZE');
    return {
      minAmount: Number(product.deposit_min),
      async check() {
        const check = await openPostgres({ connectionString: url, maxConnections: 1 });
        try {
          const [row] = await check.query<TopUpAlternativeCheck>(
            `SELECT (SELECT count(*)::int FROM card_topups WHERE status = 'completed') AS completed,
                    (SELECT count(*)::int FROM card_topups WHERE status <> 'completed') AS open,
                    (SELECT count(*)::int FROM card_topups t WHERE NOT EXISTS (SELECT 1 FROM sandbox_card_issuer_movements m WHERE m.ref = 'topup:' || t.id)) AS unloaded,
                    (SELECT count(*)::int FROM (SELECT transaction_id FROM ledger_entries GROUP BY transaction_id, currency HAVING sum(amount) <> 0) u) AS unbalanced,
                    (SELECT count(*)::int FROM ledger_accounts WHERE NOT allow_negative AND balance < 0) AS negative,
                    (SELECT count(*)::int FROM ledger_accounts a WHERE a.kind = 'card'
                       AND a.balance <> (SELECT coalesce(sum(m.amount), 0) FROM sandbox_card_issuer_movements m WHERE 'crd_' || m.card_ref = a.id)) AS mismatched`,
          );
          return row!;
        } finally {
          await check.close();
        }
      },
    };
  } finally {
    await db.close();
  }
};

export type TopUpAlternativeCheck = {
  /** Top-ups settled. */
  completed: number;
  /** Top-ups not settled after the drain (should be 0). */
  open: number;
  /** Top-ups the issuer never loaded (should be 0). */
  unloaded: number;
  unbalanced: number;
  negative: number;
  /** Card accounts whose balance differs from what the issuer loaded (should be 0). */
  mismatched: number;
};
