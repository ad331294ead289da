-- Issue #34: ledger_post in three statements instead of eight. The function of 0120 locked the accounts, then read them
-- again for the checks, again for the display leg, again for the entries' currencies and again for the balances: five
-- passes over the same rows (and the entries' JSON parsed three times). Same signature, same outcomes, same order of
-- locks; now:
--   0. the entries' JSON read once into arrays (no table);
--   1. ONE statement locks the touched accounts in id order (FOR UPDATE under ORDER BY: the rows are locked as the
--      sort hands them on) and, from those locked rows and the entries, computes everything the posting decides on:
--      the accounts missing, the currencies that do not sum to zero, whether a never-negative account would go below
--      zero, the display leg from the user's wallet entries, and the entries' currencies;
--   2. ONE statement writes it: the transaction under its idempotency key (ON CONFLICT DO NOTHING: a replay writes
--      nothing more), its entries in the caller's order and the balances, each data-modifying part reading the
--      transaction's inserted row, so nothing is written when the key already exists.
-- 'insufficient' and the bugs ('missing', 'unbalanced', 'no_display') still write nothing; the CHECK
-- (allow_negative OR balance >= 0) on ledger_accounts still backs the funds check.
CREATE OR REPLACE FUNCTION ledger_post(
  p_id text,
  p_type text,
  p_user_id text,
  p_key text,
  p_status text,
  p_details jsonb,
  p_direction text,
  p_amount bigint,
  p_currency text,
  p_counter_currency text,
  p_reference text,
  p_failure_code text,
  p_now timestamptz,
  p_entries jsonb,
  p_require_display boolean
) RETURNS TABLE (r_outcome text, r_transaction_id text, r_info text)
LANGUAGE plpgsql AS $$
DECLARE
  v_accounts text[];
  v_amounts bigint[];
  v_currencies text[];
  v_missing text;
  v_unbalanced text;
  v_short boolean;
  v_debit_currency text;
  v_debit_amount bigint;
  v_credit_currency text;
  v_credit_amount bigint;
  v_existing text;
  v_written integer;
BEGIN
  SELECT array_agg(x ->> 0 ORDER BY ord), array_agg((x ->> 1)::bigint ORDER BY ord)
    INTO v_accounts, v_amounts
    FROM jsonb_array_elements(p_entries) WITH ORDINALITY AS t (x, ord);

  -- 1. Lock in id order, and decide from the locked rows.
  WITH locked AS MATERIALIZED (
    SELECT a.id, a.currency, a.balance, a.allow_negative, a.kind, a.user_id
    FROM ledger_accounts a
    WHERE a.id = ANY (v_accounts)
    ORDER BY a.id
    FOR UPDATE
  ), joined AS MATERIALIZED (
    SELECT e.account_id, e.amount, e.ord, l.currency, l.balance, l.allow_negative, l.kind, l.user_id
    FROM unnest(v_accounts, v_amounts) WITH ORDINALITY AS e (account_id, amount, ord) LEFT JOIN locked l ON l.id = e.account_id
  ), wallet AS (
    SELECT j.currency, sum(j.amount) AS total, min(j.ord) AS first
    FROM joined j
    WHERE j.kind = 'wallet' AND j.user_id = p_user_id
    GROUP BY j.currency HAVING sum(j.amount) <> 0
  )
  SELECT
    (SELECT array_agg(j.currency ORDER BY j.ord) FROM joined j),
    (SELECT string_agg(DISTINCT j.account_id, ', ' ORDER BY j.account_id) FROM joined j WHERE j.currency IS NULL),
    (SELECT string_agg(s.currency || ': ' || s.total, ', ' ORDER BY s.first)
       FROM (SELECT j.currency, sum(j.amount) AS total, min(j.ord) AS first FROM joined j
             WHERE j.currency IS NOT NULL GROUP BY j.currency HAVING sum(j.amount) <> 0) s),
    EXISTS (SELECT 1
            FROM (SELECT sum(j.amount) AS delta, bool_and(j.allow_negative) AS allow_negative, min(j.balance) AS balance
                  FROM joined j WHERE j.currency IS NOT NULL GROUP BY j.account_id) d
            WHERE NOT d.allow_negative AND d.balance + d.delta < 0),
    (SELECT (array_agg(w.currency ORDER BY w.first) FILTER (WHERE w.total < 0))[1] FROM wallet w),
    (SELECT (array_agg(-w.total ORDER BY w.first) FILTER (WHERE w.total < 0))[1] FROM wallet w),
    (SELECT (array_agg(w.currency ORDER BY w.first) FILTER (WHERE w.total > 0))[1] FROM wallet w),
    (SELECT (array_agg(w.total ORDER BY w.first) FILTER (WHERE w.total > 0))[1] FROM wallet w)
  INTO v_currencies, v_missing, v_unbalanced, v_short,
       v_debit_currency, v_debit_amount, v_credit_currency, v_credit_amount;

  IF v_missing IS NOT NULL THEN
    RETURN QUERY SELECT 'missing'::text, NULL::text, v_missing;
    RETURN;
  END IF;
  IF v_unbalanced IS NOT NULL THEN
    RETURN QUERY SELECT 'unbalanced'::text, NULL::text, v_unbalanced;
    RETURN;
  END IF;
  IF v_short THEN
    SELECT id INTO v_existing FROM ledger_transactions WHERE idempotency_key = p_key;
    IF v_existing IS NOT NULL THEN
      RETURN QUERY SELECT 'replayed'::text, v_existing, NULL::text;
    ELSE
      RETURN QUERY SELECT 'insufficient'::text, NULL::text, NULL::text;
    END IF;
    RETURN;
  END IF;

  -- The display leg from the user's wallet entries (first debit currency; else first credit), when none was given.
  IF p_direction IS NULL AND p_user_id IS NOT NULL THEN
    IF v_debit_currency IS NOT NULL THEN
      -- A currency's sum is either below or above zero, so the first credit currency is the other leg.
      p_direction := 'debit';
      p_amount := v_debit_amount;
      p_currency := v_debit_currency;
      p_counter_currency := v_credit_currency;
    ELSIF v_credit_currency IS NOT NULL THEN
      p_direction := 'credit';
      p_amount := v_credit_amount;
      p_currency := v_credit_currency;
      p_counter_currency := NULL;
    END IF;
  END IF;
  IF p_direction IS NULL AND p_require_display THEN
    RETURN QUERY SELECT 'no_display'::text, NULL::text, NULL::text;
    RETURN;
  END IF;

  -- 2. The transaction under its key, its entries, the balances: all or (the key exists) nothing.
  WITH tx AS (
    INSERT INTO ledger_transactions (id, type, user_id, idempotency_key, status, details, direction, amount, currency,
        counter_currency, reference, failure_code, created_at, finished_at)
      VALUES (p_id, p_type, p_user_id, p_key, p_status, p_details, p_direction, p_amount, p_currency,
        p_counter_currency, p_reference, p_failure_code, p_now, CASE WHEN p_status = 'pending' THEN NULL ELSE p_now END)
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id
  ), entry_rows AS (
    INSERT INTO ledger_entries (transaction_id, account_id, amount, currency)
      SELECT tx.id, e.account_id, e.amount, e.currency
      FROM tx, unnest(v_accounts, v_amounts, v_currencies) WITH ORDINALITY AS e (account_id, amount, currency, ord)
      ORDER BY e.ord
  ), balances AS (
    UPDATE ledger_accounts a SET balance = a.balance + d.delta, updated_at = p_now
      FROM (SELECT e.account_id, sum(e.amount) AS delta FROM unnest(v_accounts, v_amounts) AS e (account_id, amount) GROUP BY e.account_id) d, tx
      WHERE a.id = d.account_id
  )
  SELECT count(*) INTO v_written FROM tx;
  IF v_written = 0 THEN
    SELECT id INTO v_existing FROM ledger_transactions WHERE idempotency_key = p_key;
    RETURN QUERY SELECT 'replayed'::text, v_existing, NULL::text;
    RETURN;
  END IF;
  RETURN QUERY SELECT 'posted'::text, p_id, NULL::text;
END
$$;
