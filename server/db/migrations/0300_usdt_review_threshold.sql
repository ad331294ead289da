-- A single USDT deposit above USDT_REVIEW_THRESHOLD is held for review instead of credited (issue #31, docs/server.md
-- "What is bounded"): parked with its own reason, attributed to its tag's owner (who sees it as held); support releases it.
ALTER TABLE unmatched_deposits DROP CONSTRAINT unmatched_deposits_reason_check;
ALTER TABLE unmatched_deposits ADD CONSTRAINT unmatched_deposits_reason_check
  CHECK (reason IN ('no_tag', 'unknown_tag', 'ambiguous_tag', 'below_minimum', 'duplicate_tx_hash', 'over_review_threshold')) NOT VALID;
ALTER TABLE unmatched_deposits VALIDATE CONSTRAINT unmatched_deposits_reason_check;
