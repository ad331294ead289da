-- migrate: no-transaction
-- The held USDT transfers still open (docs/ops.md "Held money"), built CONCURRENTLY (docs/deploy.md "Zero-downtime migrations").
CREATE INDEX CONCURRENTLY IF NOT EXISTS unmatched_deposits_open_idx ON unmatched_deposits (id DESC) WHERE resolved_at IS NULL;
