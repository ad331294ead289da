-- Wallet: per-user USDT deposit tags, exchange quotes, SBP payments, USDT deposits (docs/api.md "Wallet").

-- SPEC §5: a permanent 6-digit tag per user, sent as the 6 decimals of a USDT amount. Never reused,
-- never ends in "00" (so hand-typed amounts like 100.5 or 100.25 match no one).
CREATE TABLE usdt_deposit_tags (
  tag        text PRIMARY KEY CHECK (tag ~ '^[0-9]{4}([1-9][0-9]|0[1-9])$'),
  user_id    text NOT NULL UNIQUE REFERENCES users (id),
  created_at timestamptz NOT NULL
);

-- Exchange quotes: a stored snapshot of rate + fee for one direction, shared by all users, valid until expires_at.
CREATE TABLE exchange_quotes (
  id            text PRIMARY KEY,                    -- qte_...
  from_currency text NOT NULL CHECK (from_currency IN ('USD', 'RUB')),
  to_currency   text NOT NULL CHECK (to_currency IN ('USD', 'RUB') AND to_currency <> from_currency),
  rate          text NOT NULL CHECK (rate ~ '^[0-9]+\.[0-9]+$'), -- units of `to` per unit of `from`, exact decimal
  mid_rate      text NOT NULL CHECK (mid_rate ~ '^[0-9]+\.[0-9]+$'), -- provider's USD/RUB mid rate the quote came from
  spread_bps    integer NOT NULL CHECK (spread_bps BETWEEN 0 AND 10000),
  fee_bps       integer NOT NULL CHECK (fee_bps BETWEEN 0 AND 10000),
  market_at     timestamptz NOT NULL,                -- when the provider gave the mid rate
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL
);
CREATE INDEX exchange_quotes_pair_idx ON exchange_quotes (from_currency, to_currency, expires_at DESC);

-- SBP top-ups (RUB). The wallet is credited by the acquirer's signed callback, never by the browser redirect.
CREATE TABLE sbp_payments (
  id              text PRIMARY KEY,                  -- sbp_...
  user_id         text NOT NULL REFERENCES users (id),
  idempotency_key text,                              -- the create request's key; NULL once a creation failed
  order_id        text NOT NULL UNIQUE,              -- ours, shown on the payment pages
  invoice_id      text UNIQUE,                       -- the acquirer's
  amount          bigint NOT NULL CHECK (amount > 0), -- RUB kopecks
  status          text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'expired')),
  error_code      text,
  payment_url     text,
  success_url     text NOT NULL,
  fail_url        text NOT NULL,
  transaction_id  text REFERENCES ledger_transactions (id),
  expires_at      timestamptz NOT NULL,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX sbp_payments_user_idx ON sbp_payments (user_id, created_at DESC);

-- Every signed callback received (audit; duplicates are expected and harmless).
CREATE TABLE sbp_callbacks (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id  text REFERENCES sbp_payments (id),
  invoice_id  text NOT NULL,
  status      text NOT NULL,
  outcome     text NOT NULL,                         -- credited | already_settled | marked_failed
  body        jsonb NOT NULL,
  received_at timestamptz NOT NULL
);
CREATE INDEX sbp_callbacks_invoice_idx ON sbp_callbacks (invoice_id);

-- USDT (TRC20) deposits credited to a wallet: at most one per on-chain transaction hash.
CREATE TABLE usdt_deposits (
  tx_hash         text PRIMARY KEY,
  source_event_id text NOT NULL,                     -- the chain watcher's event id (cursor position)
  user_id         text NOT NULL REFERENCES users (id),
  tag             text NOT NULL,
  from_address    text,
  amount_micro    bigint NOT NULL CHECK (amount_micro > 0), -- micro-USDT (6 decimals)
  credited_cents  bigint NOT NULL CHECK (credited_cents > 0),
  transaction_id  text NOT NULL REFERENCES ledger_transactions (id),
  confirmations   integer NOT NULL,
  created_at      timestamptz NOT NULL
);
CREATE INDEX usdt_deposits_event_idx ON usdt_deposits (source_event_id);

-- Transfers to the deposit address that were NOT credited automatically: support resolves them by tx hash.
CREATE TABLE unmatched_deposits (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tx_hash           text NOT NULL,
  source_event_id   text NOT NULL,
  from_address      text,
  amount_micro      bigint NOT NULL,
  reason            text NOT NULL CHECK (reason IN ('no_tag', 'unknown_tag', 'ambiguous_tag', 'below_minimum', 'duplicate_tx_hash')),
  candidate_user_id text REFERENCES users (id),      -- the tag's owner when the tag was valid (below_minimum)
  created_at        timestamptz NOT NULL,
  resolved_at       timestamptz
);
CREATE INDEX unmatched_deposits_tx_idx ON unmatched_deposits (tx_hash);
CREATE INDEX unmatched_deposits_event_idx ON unmatched_deposits (source_event_id);

-- Where each deposit watcher has read the chain up to (one row per watched address).
CREATE TABLE tron_watcher_cursors (
  address    text PRIMARY KEY,
  cursor     text,
  updated_at timestamptz NOT NULL
);
