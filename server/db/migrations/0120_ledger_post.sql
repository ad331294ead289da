-- Issue #13: one balanced ledger transaction in ONE round trip. server/modules/ledger/post.ts (postTransaction) is
-- the only caller and keeps the rules it documents; the steps below are the ones it used to send one by one:
--   1. lock every touched account in id order (two postings that share accounts queue instead of deadlocking);
--   2. refuse unknown accounts ('missing') and a transaction that does not sum to zero per currency ('unbalanced'):
--      both are bugs of the caller, raised by postTransaction as LedgerInvariantError;
--   3. a never-negative account that would go below zero: 'replayed' when the key already moved the money, else
--      'insufficient' — nothing is written, so the caller's database transaction stays usable (2 and 3 are one
--      statement over the entries);
--   4. the display leg (direction, amount, currency, counter currency) derived from the user's wallet entries when
--      the caller gave none; 'no_display' when a wallet type needs one and there is none;
--   5. the transaction row under its idempotency key ('replayed' when the key exists), its entries in the caller's
--      order, and the balances, in one go.
-- p_entries: [[account_id, amount], ...] (amounts non-zero safe integers, checked by the caller).
-- The CHECK (allow_negative OR balance >= 0) on ledger_accounts still backs step 3.
CREATE FUNCTION ledger_post(
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
  v_ids text[];
  v_info text;
  v_unbalanced text;
  v_short boolean;
  v_existing text;
  v_debit_currency text;
  v_debit_amount bigint;
  v_credit_currency text;
  v_credit_amount bigint;
BEGIN
  SELECT array_agg(x ->> 0 ORDER BY ord), array_agg((x ->> 1)::bigint ORDER BY ord)
    INTO v_accounts, v_amounts
    FROM jsonb_array_elements(p_entries) WITH ORDINALITY AS t (x, ord);
  v_ids := ARRAY(SELECT DISTINCT a FROM unnest(v_accounts) AS a ORDER BY a);

  -- 1. Lock in id order.
  PERFORM id FROM ledger_accounts WHERE id = ANY (v_ids) ORDER BY id FOR UPDATE;

  -- 2–3. Known accounts, balanced per currency, no never-negative account below zero: one pass over the entries.
  WITH entries AS MATERIALIZED (
    SELECT e.account_id, e.amount, e.ord, a.currency, a.balance, a.allow_negative
    FROM unnest(v_accounts, v_amounts) WITH ORDINALITY AS e (account_id, amount, ord)
    LEFT JOIN ledger_accounts a ON a.id = e.account_id
  )
  SELECT
    (SELECT string_agg(DISTINCT x.account_id, ', ' ORDER BY x.account_id) FROM entries x WHERE x.currency IS NULL),
    (SELECT string_agg(s.currency || ': ' || s.total, ', ' ORDER BY s.first)
       FROM (SELECT x.currency, sum(x.amount) AS total, min(x.ord) AS first FROM entries x
             WHERE x.currency IS NOT NULL GROUP BY x.currency HAVING sum(x.amount) <> 0) s),
    EXISTS (SELECT 1
            FROM (SELECT sum(x.amount) AS delta, bool_and(x.allow_negative) AS allow_negative, min(x.balance) AS balance
                  FROM entries x WHERE x.currency IS NOT NULL GROUP BY x.account_id) d
            WHERE NOT d.allow_negative AND d.balance + d.delta < 0)
    INTO v_info, v_unbalanced, v_short;
  IF v_info IS NOT NULL THEN
    RETURN QUERY SELECT 'missing'::text, NULL::text, v_info;
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

  -- 4. The display leg from the user's wallet entries (first debit currency; else first credit).
  IF p_direction IS NULL AND p_user_id IS NOT NULL THEN
    SELECT (array_agg(w.currency ORDER BY w.first) FILTER (WHERE w.total < 0))[1],
           (array_agg(-w.total ORDER BY w.first) FILTER (WHERE w.total < 0))[1],
           (array_agg(w.currency ORDER BY w.first) FILTER (WHERE w.total > 0))[1],
           (array_agg(w.total ORDER BY w.first) FILTER (WHERE w.total > 0))[1]
      INTO v_debit_currency, v_debit_amount, v_credit_currency, v_credit_amount
      FROM (SELECT a.currency, sum(e.amount) AS total, min(e.ord) AS first
            FROM unnest(v_accounts, v_amounts) WITH ORDINALITY AS e (account_id, amount, ord)
            JOIN ledger_accounts a ON a.id = e.account_id
            WHERE a.kind = 'wallet' AND a.user_id = p_user_id
            GROUP BY a.currency HAVING sum(e.amount) <> 0) w;
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

  -- 5. The transaction under its key, its entries, the balances.
  INSERT INTO ledger_transactions (id, type, user_id, idempotency_key, status, details, direction, amount, currency,
      counter_currency, reference, failure_code, created_at, finished_at)
    VALUES (p_id, p_type, p_user_id, p_key, p_status, p_details, p_direction, p_amount, p_currency,
      p_counter_currency, p_reference, p_failure_code, p_now, CASE WHEN p_status = 'pending' THEN NULL ELSE p_now END)
    ON CONFLICT (idempotency_key) DO NOTHING;
  IF NOT FOUND THEN
    SELECT id INTO v_existing FROM ledger_transactions WHERE idempotency_key = p_key;
    RETURN QUERY SELECT 'replayed'::text, v_existing, NULL::text;
    RETURN;
  END IF;
  INSERT INTO ledger_entries (transaction_id, account_id, amount, currency)
    SELECT p_id, e.account_id, e.amount, a.currency
    FROM unnest(v_accounts, v_amounts) WITH ORDINALITY AS e (account_id, amount, ord)
    JOIN ledger_accounts a ON a.id = e.account_id
    ORDER BY e.ord;
  UPDATE ledger_accounts a SET balance = a.balance + d.delta, updated_at = p_now
    FROM (SELECT e.account_id, sum(e.amount) AS delta FROM unnest(v_accounts, v_amounts) AS e (account_id, amount) GROUP BY e.account_id) d
    WHERE a.id = d.account_id;
  RETURN QUERY SELECT 'posted'::text, p_id, NULL::text;
END
$$;
