-- Reconciliation reports (docs/ops.md "Reconciliation"): the ledger against the outside world, one row per run.
CREATE TABLE reconciliation_reports (
  id          text PRIMARY KEY,                         -- rec_...
  seq         bigint GENERATED ALWAYS AS IDENTITY UNIQUE, -- the order of the runs (ran_at can tie: the latest is the highest seq)
  day         date NOT NULL,
  ran_at      timestamptz NOT NULL,
  status      text NOT NULL CHECK (status IN ('ok', 'mismatch', 'unavailable')),
  checks      jsonb NOT NULL,
  ledger_ok   boolean NOT NULL,
  run_by      text REFERENCES operators (id)            -- null: the daily job
);
