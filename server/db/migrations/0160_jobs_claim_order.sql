-- Issue #13: the job claim reads only the jobs it takes, however long the queue (server/jobs/worker.ts, claim()).
-- Its due jobs come from this index in claim order, (run_at, id), so `ORDER BY run_at, id LIMIT n` stops after n rows;
-- with a backlog the old plan (a bitmap scan of every queued job of the kinds, then a sort) read them all: ~5 ms per
-- claim with 2 000 queued top-up jobs, against ~0.1 ms now.
CREATE INDEX jobs_due_order_idx ON jobs (run_at, id) WHERE status = 'queued';
DROP INDEX jobs_due_idx;
-- A queue table: every job is inserted, updated two or three times and deleted later, so its dead rows pile up faster
-- than the default thresholds (20 % of the table) clean them; vacuum it after a fixed number of changes instead.
ALTER TABLE jobs SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000, autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000);
