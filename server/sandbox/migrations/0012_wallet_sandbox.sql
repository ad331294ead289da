-- Sandbox stand-ins for the outside world (used only while SANDBOX is on). Their state lives in the
-- database so that several server processes share one sandbox.

-- Switches of the sandbox adapters (rate provider up/down, SBP acquirer failures and delays).
CREATE TABLE sandbox_settings (
  key        text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);

-- The sandbox TRON chain: TRC20 USDT transfers, in the order the chain reports them. A tx hash may
-- appear twice (a re-reported or re-submitted transfer): the watcher must not credit it twice.
CREATE TABLE sandbox_tron_transfers (
  seq           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tx_hash       text NOT NULL,
  from_address  text NOT NULL,
  to_address    text NOT NULL,
  amount_micro  bigint NOT NULL CHECK (amount_micro > 0),
  confirmations integer NOT NULL,
  created_at    timestamptz NOT NULL
);
CREATE INDEX sandbox_tron_transfers_to_idx ON sandbox_tron_transfers (to_address, seq);

-- The sandbox SBP acquirer's invoices.
CREATE TABLE sandbox_sbp_invoices (
  invoice_id       text PRIMARY KEY,
  order_id         text NOT NULL UNIQUE,
  amount           bigint NOT NULL CHECK (amount > 0),
  description      text NOT NULL,
  merchant         text NOT NULL,
  notification_url text NOT NULL,
  success_url      text NOT NULL,
  fail_url         text NOT NULL,
  status           text NOT NULL CHECK (status IN ('created', 'paid', 'declined', 'expired')),
  error_code       text,
  expires_at       timestamptz NOT NULL,
  created_at       timestamptz NOT NULL,
  decided_at       timestamptz,
  callbacks_sent   integer NOT NULL DEFAULT 0
);
