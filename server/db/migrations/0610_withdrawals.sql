-- Money out (issue #36, docs/server.md "Withdrawals"): the TRON address book, withdrawals (USDT and SBP) with the
-- signed transaction stored before it is broadcast, email codes that confirm them, and when a user's phone changed.

CREATE TABLE withdrawal_addresses (
  id          text PRIMARY KEY,
  user_id     text NOT NULL REFERENCES users (id),
  network     text NOT NULL CHECK (network = 'TRON'),
  address     text NOT NULL,
  label       text NOT NULL,
  created_at  timestamptz NOT NULL,
  removed_at  timestamptz
);
CREATE UNIQUE INDEX withdrawal_addresses_live_idx ON withdrawal_addresses (user_id, address) WHERE removed_at IS NULL;

CREATE TABLE withdrawals (
  id               text PRIMARY KEY,
  user_id          text NOT NULL REFERENCES users (id),
  method           text NOT NULL CHECK (method IN ('usdt', 'sbp')),
  -- awaiting_approval: held, an operator decides; pending: held, to be sent; sending: handed to the network or the
  -- provider; completed / failed (refunded) / rejected (refunded) are final.
  status           text NOT NULL CHECK (status IN ('awaiting_approval', 'pending', 'sending', 'completed', 'failed', 'rejected')),
  amount           bigint NOT NULL CHECK (amount > 0),
  fee              bigint NOT NULL CHECK (fee >= 0),
  currency         text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  destination      jsonb NOT NULL,
  transaction_id   text NOT NULL REFERENCES ledger_transactions (id),
  request_key      text NOT NULL,
  -- USDT: the one signed transaction (its id is the tx hash), stored before the first broadcast.
  tx_id            text UNIQUE,
  signed_payload   text,
  tx_expires_at    timestamptz,
  failure_code     text,
  decided_by       text,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  finished_at      timestamptz,
  UNIQUE (user_id, request_key)
);
CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, currency, created_at);
CREATE INDEX withdrawals_open_idx ON withdrawals (status) WHERE status IN ('awaiting_approval', 'pending', 'sending');

ALTER TABLE email_codes DROP CONSTRAINT email_codes_purpose_check;
ALTER TABLE email_codes ADD CONSTRAINT email_codes_purpose_check
  CHECK (purpose IN ('signup', 'signin', 'email_change', 'ops_signin', 'withdrawal')) NOT VALID;
ALTER TABLE email_codes VALIDATE CONSTRAINT email_codes_purpose_check;

-- When the phone (the SBP payout destination) last changed: a new one holds SBP withdrawals like a new address.
ALTER TABLE users ADD COLUMN phone_changed_at timestamptz;
