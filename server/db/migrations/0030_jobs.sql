-- Background jobs (server/jobs): enqueued inside the caller's transaction, run by a worker in every
-- server process (claims with FOR UPDATE SKIP LOCKED, leases in locked_until, retries with backoff).
CREATE TABLE jobs (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind         text NOT NULL,                       -- e.g. 'cards.issue'; the handler registered for it runs the job
  payload      jsonb NOT NULL DEFAULT '{}'::jsonb,
  status       text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'running', 'done', 'failed')),
  attempts     integer NOT NULL DEFAULT 0,          -- claims so far (a claim of an expired lease counts too)
  max_attempts integer NOT NULL DEFAULT 10 CHECK (max_attempts >= 1),
  run_at       timestamptz NOT NULL DEFAULT clock_timestamp(),  -- not before this time
  locked_by    text,                                -- worker id holding the lease while running
  locked_until timestamptz,                         -- lease end; a running job past it is reclaimed
  last_error   text,
  dedupe_key   text UNIQUE,                         -- at most one job ever per key (NULLs do not collide)
  created_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at   timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status = 'queued';
CREATE INDEX jobs_lease_idx ON jobs (locked_until) WHERE status = 'running';
CREATE INDEX jobs_kind_status_idx ON jobs (kind, status);
