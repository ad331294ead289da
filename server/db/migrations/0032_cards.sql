-- Cards (SPEC §3 Card, §4 statuses; server/modules/cards). No card secrets here: PAN, expiry and CVV stay
-- with the issuer (docs/api.md "Sensitive card data"); we keep only the last four digits.
CREATE TABLE cards (
  id                      text PRIMARY KEY,                 -- crd_...
  user_id                 text NOT NULL REFERENCES users (id),
  product_id              text NOT NULL REFERENCES card_products (id),
  status                  text NOT NULL CHECK (status IN ('active', 'activating', 'frozen', 'freezing', 'unfreezing',
                            'pending', 'inactive', 'rejected', 'processing', 'fabricating', 'failed')),
  status_reason           text,                             -- why rejected/failed/inactive (UPPER_SNAKE_CASE)
  scheme                  text NOT NULL,
  form                    text NOT NULL CHECK (form IN ('virtual', 'physical')),
  currency                text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  cardholder_name         text NOT NULL,
  last4                   text CHECK (last4 ~ '^[0-9]{4}$'),
  issuer_card_id          text,                             -- the issuer's id, once it accepted the request
  create_key              text NOT NULL,                    -- Idempotency-Key of POST /api/cards
  -- What the issue cost, as charged (minor units of currency):
  initial_deposit         bigint NOT NULL CHECK (initial_deposit > 0),
  creation_fee            bigint NOT NULL,
  issuing_fee             bigint NOT NULL,
  deposit_fee             bigint NOT NULL,
  issue_transaction_id    text,                             -- ledger: cardIssue
  issue_fee_transaction_id text,                            -- ledger: serviceCommission (deposit fee)
  -- Activation-code guessing limit:
  activation_failures     integer NOT NULL DEFAULT 0,
  activation_locked_until timestamptz,
  created_at              timestamptz NOT NULL,
  updated_at              timestamptz NOT NULL,
  UNIQUE (user_id, create_key)
);
CREATE INDEX cards_user_idx ON cards (user_id, created_at DESC, id DESC);

-- Every status change, with the event that caused it (support, audits).
CREATE TABLE card_status_history (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  card_id     text NOT NULL REFERENCES cards (id),
  from_status text,
  to_status   text NOT NULL,
  event       text NOT NULL,
  reason      text,
  created_at  timestamptz NOT NULL
);
CREATE INDEX card_status_history_card_idx ON card_status_history (card_id, id);

-- Wallet → card transfers (POST /api/cards/{id}/topup).
CREATE TABLE card_topups (
  id                      text PRIMARY KEY,                 -- ctu_... (= transfer.id, details.transferId)
  card_id                 text NOT NULL REFERENCES cards (id),
  user_id                 text NOT NULL REFERENCES users (id),
  request_key             text NOT NULL,                    -- Idempotency-Key of the request
  amount                  bigint NOT NULL CHECK (amount > 0),
  fee                     bigint NOT NULL CHECK (fee >= 0),
  currency                text NOT NULL,
  status                  text NOT NULL CHECK (status IN ('pending', 'completed', 'failed')),
  failure_code            text,
  transfer_transaction_id text,                             -- ledger: cardTransfer
  fee_transaction_id      text,                             -- ledger: serviceCommission
  created_at              timestamptz NOT NULL,
  updated_at              timestamptz NOT NULL,
  UNIQUE (card_id, request_key)
);
CREATE INDEX card_topups_pending_idx ON card_topups (card_id) WHERE status = 'pending';

-- Purchases and refunds at merchants, as the issuer reported them (GET /api/cards/{card_id}/trades).
CREATE TABLE card_trades (
  id                text PRIMARY KEY,                       -- trd_...
  card_id           text NOT NULL REFERENCES cards (id),
  issuer_trade_id   text NOT NULL UNIQUE,                   -- a second report of the same trade is the same trade
  kind              text NOT NULL CHECK (kind IN ('purchase', 'refund')),
  merchant_name     text NOT NULL,
  merchant_mcc      text,
  merchant_country  text,
  amount            bigint NOT NULL CHECK (amount > 0),
  currency          text NOT NULL,
  original_amount   bigint,
  original_currency text,
  status            text NOT NULL CHECK (status IN ('pending', 'completed', 'declined', 'reversed')),
  decline_reason    text,
  ledger_transaction_id text,
  created_at        timestamptz NOT NULL
);
CREATE INDEX card_trades_card_idx ON card_trades (card_id, created_at DESC, id DESC);

-- Movements of the card balance (GET /api/cards/{id}/transactions); written with the ledger postings.
CREATE TABLE card_transactions (
  id                    text PRIMARY KEY,                   -- ctx_...
  card_id               text NOT NULL REFERENCES cards (id),
  source_key            text NOT NULL UNIQUE,               -- what it records (issue:<card>, topup:<id>, trade:<id>)
  type                  text NOT NULL CHECK (type IN ('issue', 'topup', 'purchase', 'refund', 'fee', 'reversal')),
  direction             text NOT NULL CHECK (direction IN ('credit', 'debit')),
  amount                bigint NOT NULL CHECK (amount > 0),
  currency              text NOT NULL,
  status                text NOT NULL CHECK (status IN ('pending', 'completed', 'failed')),
  merchant_name         text,
  trade_id              text,
  wallet_transaction_id text,
  created_at            timestamptz NOT NULL,
  updated_at            timestamptz NOT NULL
);
CREATE INDEX card_transactions_card_idx ON card_transactions (card_id, created_at DESC, id DESC);

-- Who looked at a card's number and when (audit; also the per-card reveal rate limit).
CREATE TABLE card_sensitive_reveals (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  card_id    text NOT NULL REFERENCES cards (id),
  user_id    text NOT NULL REFERENCES users (id),
  client_ip  text,
  created_at timestamptz NOT NULL
);
CREATE INDEX card_sensitive_reveals_card_idx ON card_sensitive_reveals (card_id, created_at DESC);
