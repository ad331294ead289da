-- Parked USDT deposits a user can be told about (docs/api.md "USDT deposit tag", "Held for review").
-- attribution: how candidate_user_id was found — 'tag' (the valid tag of a too-small deposit) or 'sender' (every
-- earlier credited deposit from the same sender address went to this one user). NULL: nobody can be named.
ALTER TABLE unmatched_deposits ADD COLUMN attribution text CHECK (attribution IN ('tag', 'sender'));
UPDATE unmatched_deposits SET attribution = 'tag' WHERE candidate_user_id IS NOT NULL;
ALTER TABLE unmatched_deposits ADD CONSTRAINT unmatched_deposits_attribution_candidate
  CHECK ((attribution IS NULL) = (candidate_user_id IS NULL));
-- A user's held rows in the wallet history, newest first.
CREATE INDEX unmatched_deposits_candidate_idx ON unmatched_deposits (candidate_user_id, created_at DESC, id DESC)
  WHERE candidate_user_id IS NOT NULL AND resolved_at IS NULL;
-- Attribution by sender: the users earlier deposits from an address were credited to.
CREATE INDEX usdt_deposits_from_idx ON usdt_deposits (from_address);
