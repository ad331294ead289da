-- Transfers between users and payment requests (issue #36, docs/server.md "Transfers between users").

-- A user's receiving side: the payment code their link and QR carry, whether others find them by @username. Its row
-- is also the lock that serialises one user's outgoing transfers (the 24-hour limit is then exact).
CREATE TABLE payment_profiles (
  user_id      text PRIMARY KEY REFERENCES users (id),
  pay_code     text NOT NULL UNIQUE,
  discoverable boolean NOT NULL DEFAULT true,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);

-- The look-up by @username is indexed by 0601 (CONCURRENTLY: users is busy).

-- Recipient look-ups, counted per user per rolling hour (enumeration of usernames is limited).
CREATE TABLE recipient_lookups (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    text NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX recipient_lookups_user_idx ON recipient_lookups (user_id, created_at);

-- One row per transfer: the ledger transaction (user_id = the sender) moved the money; this row gives the recipient's
-- history its side of it and keeps both people's masked names as they were.
CREATE TABLE p2p_transfers (
  id              text PRIMARY KEY,
  sender_id       text NOT NULL REFERENCES users (id),
  recipient_id    text NOT NULL REFERENCES users (id),
  sender_name     text NOT NULL,
  recipient_name  text NOT NULL,
  amount          bigint NOT NULL CHECK (amount > 0),
  currency        text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  note            text,
  request_id      text,
  transaction_id  text NOT NULL UNIQUE REFERENCES ledger_transactions (id),
  request_key     text NOT NULL,
  created_at      timestamptz NOT NULL,
  UNIQUE (sender_id, request_key),
  CHECK (sender_id <> recipient_id)
);
CREATE INDEX p2p_transfers_recipient_idx ON p2p_transfers (recipient_id, created_at, id);
CREATE INDEX p2p_transfers_sender_idx ON p2p_transfers (sender_id, currency, created_at);

CREATE TABLE payment_requests (
  id            text PRIMARY KEY,
  requester_id  text NOT NULL REFERENCES users (id),
  amount        bigint NOT NULL CHECK (amount > 0),
  currency      text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  note          text,
  status        text NOT NULL CHECK (status IN ('open', 'paid', 'cancelled')),
  transfer_id   text REFERENCES p2p_transfers (id),
  paid_by_name  text,
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  paid_at       timestamptz,
  CHECK ((status = 'paid') = (transfer_id IS NOT NULL))
);
CREATE INDEX payment_requests_requester_idx ON payment_requests (requester_id, created_at, id);
