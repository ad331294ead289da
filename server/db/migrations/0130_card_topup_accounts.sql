-- Card top-ups remember the system-account shards their charge posted to (docs/server.md "Cards: money"), so the
-- settle and the refund post back to them without looking them up in the ledger entries. NULL (top-ups charged
-- before this column): looked up as before (systemAccountPostedBy).
ALTER TABLE card_topups
  ADD COLUMN funding_account_id text,
  ADD COLUMN revenue_account_id text;
