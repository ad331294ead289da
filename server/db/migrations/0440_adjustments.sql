-- Manual adjustments under four eyes (docs/ops.md "Manual adjustments"): proposed by one admin, approved by another,
-- posted once (ledger key `adjustment:<id>`; the row is locked by the approval, so two approvals never both post).
CREATE TABLE ops_adjustments (
  id             text PRIMARY KEY,                      -- adj_...
  user_id        text NOT NULL REFERENCES users (id),
  kind           text NOT NULL CHECK (kind IN ('goodwill', 'correction')),
  direction      text NOT NULL CHECK (direction IN ('credit', 'debit')),
  currency       text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  amount         bigint NOT NULL CHECK (amount > 0),
  reason         text NOT NULL,
  status         text NOT NULL CHECK (status IN ('proposed', 'posted', 'rejected')),
  proposed_by    text NOT NULL REFERENCES operators (id),
  proposed_at    timestamptz NOT NULL,
  decided_by     text REFERENCES operators (id),
  decided_at     timestamptz,
  decision_note  text,
  transaction_id text REFERENCES ledger_transactions (id),
  CHECK (kind <> 'goodwill' OR direction = 'credit'),
  CHECK ((status = 'proposed') = (decided_by IS NULL)),
  -- Four eyes, in the database too: whoever posts it is not whoever proposed it.
  CHECK (status <> 'posted' OR (decided_by <> proposed_by AND transaction_id IS NOT NULL))
);
CREATE INDEX ops_adjustments_status_idx ON ops_adjustments (status, proposed_at DESC);
CREATE INDEX ops_adjustments_user_idx ON ops_adjustments (user_id, proposed_at DESC);
