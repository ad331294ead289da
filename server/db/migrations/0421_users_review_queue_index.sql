-- migrate: no-transaction
-- The review queue (docs/ops.md "Verification"): users under verification, longest waiting first. CONCURRENTLY: users is
-- busy, its writes go on while the index builds (docs/deploy.md "Zero-downtime migrations").
CREATE INDEX CONCURRENTLY IF NOT EXISTS users_under_verification_idx ON users (created_at, id) WHERE verification_status = 'under_verification' AND deleted_at IS NULL;
