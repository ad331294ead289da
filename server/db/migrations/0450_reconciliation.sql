-- Reconciliation reports (docs/ops.md "Reconciliation"): the ledger against the outside world, one row per run.
CREATE TABLE reconciliation_reports (
  id          text PRIMARY KEY,                         -- rec_...
  day         date NOT NULL,
  ran_at      timestamptz NOT NULL,
  status      text NOT NULL CHECK (status IN ('ok', 'mismatch', 'unavailable')),
  checks      jsonb NOT NULL,
  ledger_ok   boolean NOT NULL,
  run_by      text REFERENCES operators (id)            -- null: the daily job
);
CREATE INDEX reconciliation_reports_ran_idx ON reconciliation_reports (ran_at DESC, id DESC);
