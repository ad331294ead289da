-- Held money resolved by compliance (docs/ops.md "Held money"): a parked USDT transfer is credited to a user (once,
-- through the ledger: key `usdt-held:<id>`) or marked to be returned. resolved_at (0011) is set by either.
ALTER TABLE unmatched_deposits
  ADD COLUMN resolution              text CHECK (resolution IN ('credited', 'to_return')),
  ADD COLUMN resolved_user_id        text REFERENCES users (id),
  ADD COLUMN resolved_transaction_id text REFERENCES ledger_transactions (id),
  ADD COLUMN resolved_by             text REFERENCES operators (id),
  ADD COLUMN resolution_note         text,
  ADD COLUMN return_address          text;
ALTER TABLE unmatched_deposits ADD CONSTRAINT unmatched_deposits_resolution
  CHECK ((resolution IS NULL OR resolved_at IS NOT NULL)
     AND (resolution IS DISTINCT FROM 'credited' OR (resolved_user_id IS NOT NULL AND resolved_transaction_id IS NOT NULL))) NOT VALID;
ALTER TABLE unmatched_deposits VALIDATE CONSTRAINT unmatched_deposits_resolution;
-- The held-money screen's indexes: 0431 and 0432 (built CONCURRENTLY).
