-- migrate: no-transaction
-- SBP payments still pending, for the stuck ones (docs/ops.md "Held money"), built CONCURRENTLY (docs/deploy.md "Zero-downtime migrations").
CREATE INDEX CONCURRENTLY IF NOT EXISTS sbp_payments_pending_idx ON sbp_payments (expires_at) WHERE status = 'pending';
