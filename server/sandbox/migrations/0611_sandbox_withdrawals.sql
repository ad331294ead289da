-- The sandbox's TRON sends and SBP payouts (docs/server.md "Withdrawals"): what the stand-in network and provider
-- received, and how each settles (decided when it arrived, from the sandbox settings of that moment).
CREATE TABLE sandbox_tron_sends (
  tx_id        text PRIMARY KEY,
  to_address   text NOT NULL,
  amount_micro bigint NOT NULL,
  outcome      text NOT NULL CHECK (outcome IN ('confirm', 'fail', 'drop')),
  settle_at    timestamptz NOT NULL,
  created_at   timestamptz NOT NULL
);
CREATE TABLE sandbox_sbp_payouts (
  payout_id  text PRIMARY KEY,
  phone      text NOT NULL,
  bank_id    text NOT NULL,
  amount     bigint NOT NULL,
  outcome    text NOT NULL CHECK (outcome IN ('succeed', 'fail')),
  settle_at  timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
