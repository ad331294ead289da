-- Issue #13: a money write in ONE autocommitted statement (server/modules/ledger/post.ts, postClaimedTransaction).
-- The caller sends its Idempotency-Key claim, already carrying the stored answer, as a data-modifying WITH clause
-- (`INSERT … ON CONFLICT DO NOTHING RETURNING true AS claimed`) and calls this function LATERAL on that clause's row:
--   - the key was taken (a replay, a reuse, a request in progress): the clause returns no row, so this function never
--     runs and the statement writes nothing;
--   - the key was new: the posting is made by ledger_post; any other outcome than 'posted' (insufficient funds, an
--     account missing, the ledger key already used, a caller bug) raises SQLSTATE 'LP001' with the outcome as its
--     message and ledger_post's info as its detail, so the whole statement (the claim and its answer included) is
--     rolled back and the caller takes its ordinary transactional path.
-- p_claimed must be true (the claim clause's column): it is what makes the call depend on the claim's row.
CREATE FUNCTION ledger_post_claimed(
  p_claimed boolean,
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
  v record;
BEGIN
  IF p_claimed IS NOT TRUE THEN
    RAISE EXCEPTION 'ledger_post_claimed called without a claim' USING ERRCODE = 'LP001', DETAIL = 'unclaimed';
  END IF;
  SELECT * INTO v FROM ledger_post(p_id, p_type, p_user_id, p_key, p_status, p_details, p_direction, p_amount, p_currency,
    p_counter_currency, p_reference, p_failure_code, p_now, p_entries, p_require_display);
  IF v.r_outcome IS DISTINCT FROM 'posted' THEN
    RAISE EXCEPTION '%', coalesce(v.r_outcome, 'none') USING ERRCODE = 'LP001', DETAIL = coalesce(v.r_info, '');
  END IF;
  RETURN QUERY SELECT v.r_outcome, v.r_transaction_id, v.r_info;
END
$$;
