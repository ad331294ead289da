-- Double-entry ledger (server/modules/ledger). Every movement of money is one ledger transaction whose
-- entries sum to zero per currency. Account balances are kept on the account row (updated in the same
-- database transaction as the entries, under row locks taken in account-id order) and can be recomputed
-- from the entries at any time (checkLedger).
CREATE TABLE ledger_accounts (
  id             text PRIMARY KEY,                   -- deterministic: wal_<user>_<cur>, sys_<code>_<cur>, crd_<card>
  user_id        text REFERENCES users (id),         -- owner of wallet/card accounts; NULL for system accounts
  kind           text NOT NULL CHECK (kind IN ('wallet', 'card', 'system')),
  code           text,                               -- system accounts: fx_pool, fee_revenue, usdt_clearing, ...
  card_id        text,                               -- card accounts
  currency       text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  balance        bigint NOT NULL DEFAULT 0,          -- minor units
  allow_negative boolean NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL,
  CONSTRAINT ledger_accounts_non_negative CHECK (allow_negative OR balance >= 0),
  CONSTRAINT ledger_accounts_kind_fields CHECK (
    (kind = 'wallet' AND user_id IS NOT NULL AND code IS NULL AND card_id IS NULL) OR
    (kind = 'card' AND user_id IS NOT NULL AND card_id IS NOT NULL AND code IS NULL) OR
    (kind = 'system' AND user_id IS NULL AND code IS NOT NULL AND card_id IS NULL)
  ),
  UNIQUE (id, currency)                              -- target of the entries' (account_id, currency) reference
);
CREATE UNIQUE INDEX ledger_accounts_wallet_uq ON ledger_accounts (user_id, currency) WHERE kind = 'wallet';
CREATE UNIQUE INDEX ledger_accounts_system_uq ON ledger_accounts (code, currency) WHERE kind = 'system';
CREATE UNIQUE INDEX ledger_accounts_card_uq ON ledger_accounts (card_id) WHERE kind = 'card';

CREATE TABLE ledger_transactions (
  id               text PRIMARY KEY,                 -- wtx_...
  type             text NOT NULL,                    -- SPEC §3 wallet types + internal ones (cardPurchase, ...)
  user_id          text REFERENCES users (id),       -- whose transaction (NULL: purely internal)
  idempotency_key  text NOT NULL UNIQUE,             -- a replay with the same key moves nothing
  status           text NOT NULL CHECK (status IN ('pending', 'completed', 'failed')),
  details          jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- What the wallet list shows (derived from the user's wallet entries at posting time):
  direction        text CHECK (direction IN ('credit', 'debit')),
  amount           bigint CHECK (amount >= 0),
  currency         text CHECK (currency IN ('USD', 'RUB')),
  counter_currency text CHECK (counter_currency IN ('USD', 'RUB')), -- exchanges: the other leg's currency
  reference        text,                             -- external reference for support (tx hash, order id)
  failure_code     text,
  created_at       timestamptz NOT NULL,
  finished_at      timestamptz
);
-- Wallet history: newest first, keyset (created_at, id).
CREATE INDEX ledger_transactions_user_idx ON ledger_transactions (user_id, created_at DESC, id DESC);
CREATE INDEX ledger_transactions_pending_idx ON ledger_transactions (user_id) WHERE status = 'pending';

CREATE TABLE ledger_entries (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id text NOT NULL REFERENCES ledger_transactions (id),
  account_id     text NOT NULL,
  amount         bigint NOT NULL CHECK (amount <> 0), -- signed: + credit to the account, - debit
  currency       text NOT NULL,
  FOREIGN KEY (account_id, currency) REFERENCES ledger_accounts (id, currency)
);
CREATE INDEX ledger_entries_transaction_idx ON ledger_entries (transaction_id);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id);
