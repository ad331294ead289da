-- Issue #13: a money write in ONE autocommitted statement (server/modules/ledger/post.ts, postClaimedTransaction).
-- The caller sends its Idempotency-Key claim, already carrying the stored answer, as a data-modifying WITH clause
-- (`INSERT … ON CONFLICT DO NOTHING RETURNING true AS claimed`) and calls ledger_post LATERAL on that clause's row
-- (its first argument refers to the row, so it runs only for it):
--   - the key was taken (a replay, a reuse, a request in progress): the clause returns no row, ledger_post never runs
--     and the statement writes nothing;
--   - the key was new: the posting is made by ledger_post, and its outcome goes through ledger_require_posted below:
--     any outcome but 'posted' (insufficient funds, an account missing, the ledger key already used, a caller's bug)
--     raises SQLSTATE 'LP001' with the outcome as its message and ledger_post's info as its detail, so the whole
--     statement, the claim and its answer included, is rolled back and the caller takes its ordinary path.
CREATE FUNCTION ledger_require_posted(p_outcome text, p_info text) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
  IF p_outcome IS DISTINCT FROM 'posted' THEN
    RAISE EXCEPTION '%', coalesce(p_outcome, 'none') USING ERRCODE = 'LP001', DETAIL = coalesce(p_info, '');
  END IF;
  RETURN p_outcome;
END
$$;
