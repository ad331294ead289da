-- Issue #33: the global per-IP rate limit counted across every server process (server/http/rate-limit-store.ts,
-- rate-limiter-flexible's PostgreSQL store): one row per limit and client address, `points` used in the window that
-- ends at `expire` (ms since the epoch). The columns and their order are the library's (its upsert names none).
-- UNLOGGED: counters need no crash safety or replica, and skip the WAL on every counted request; a crash empties the
-- table, which only restarts the windows. A new table: expand-only (docs/deploy.md "Zero-downtime migrations").
CREATE UNLOGGED TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
