-- Card lifecycle (issue #14; docs/server.md "Card lifecycle"): close and block for good, replacement cards,
-- withdrawals from a card back to the wallet.
ALTER TABLE cards DROP CONSTRAINT cards_status_check;
ALTER TABLE cards ADD CONSTRAINT cards_status_check CHECK (status IN ('active', 'activating', 'frozen', 'freezing', 'unfreezing',
  'pending', 'inactive', 'rejected', 'processing', 'fabricating', 'failed', 'closing', 'closed', 'blocking', 'blocked'));
-- A replacement: the blocked card it replaces (at most one replacement per blocked card).
ALTER TABLE cards ADD COLUMN replaces_card_id text UNIQUE REFERENCES cards (id);
-- A replacement moves no money at issue (free, no initial deposit).
ALTER TABLE cards DROP CONSTRAINT cards_initial_deposit_check;
ALTER TABLE cards ADD CONSTRAINT cards_initial_deposit_check CHECK (initial_deposit > 0 OR (initial_deposit = 0 AND replaces_card_id IS NOT NULL));

ALTER TABLE card_transactions DROP CONSTRAINT card_transactions_type_check;
ALTER TABLE card_transactions ADD CONSTRAINT card_transactions_type_check
  CHECK (type IN ('issue', 'topup', 'purchase', 'refund', 'fee', 'reversal', 'withdrawal'));

-- Card → wallet (POST /api/cards/{id}/withdraw, and the sweep when a card is closed or blocked: request_key NULL).
CREATE TABLE card_withdrawals (
  id                    text PRIMARY KEY,                 -- cwd_...
  card_id               text NOT NULL REFERENCES cards (id),
  user_id               text NOT NULL REFERENCES users (id),
  request_key           text,                             -- Idempotency-Key of the request; NULL for a close/block sweep
  reason                text NOT NULL CHECK (reason IN ('withdraw', 'close', 'block')),
  amount                bigint NOT NULL CHECK (amount > 0),
  currency              text NOT NULL,
  ledger_transaction_id text NOT NULL,
  created_at            timestamptz NOT NULL,
  UNIQUE (card_id, request_key)
);
