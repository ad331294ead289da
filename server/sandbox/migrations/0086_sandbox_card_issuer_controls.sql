-- The sandbox issuer's side of card controls (server/sandbox/card-issuer.ts): the spending limits it enforces, the
-- authorisations it counted against them, the delivery address and the shipment of a physical card.
ALTER TABLE sandbox_card_issuer_cards ADD COLUMN limit_per_purchase bigint;
ALTER TABLE sandbox_card_issuer_cards ADD COLUMN limit_monthly bigint;
ALTER TABLE sandbox_card_issuer_cards ADD COLUMN delivery_address jsonb;
ALTER TABLE sandbox_card_issuer_cards ADD COLUMN shipment_stage text CHECK (shipment_stage IN ('made', 'shipped', 'delivered'));
ALTER TABLE sandbox_card_issuer_cards ADD COLUMN made_at timestamptz;
ALTER TABLE sandbox_card_issuer_cards ADD COLUMN shipped_at timestamptz;
ALTER TABLE sandbox_card_issuer_cards ADD COLUMN delivered_at timestamptz;

-- Purchases the issuer authorised or declined. 'held' while the program decides; 'approved' and 'held' count
-- against the monthly limit (month = calendar month in UTC, `month` = its first day).
CREATE TABLE sandbox_card_issuer_authorisations (
  issuer_trade_id text PRIMARY KEY,
  card_ref        text NOT NULL,
  month           date NOT NULL,
  amount          bigint NOT NULL CHECK (amount > 0),
  status          text NOT NULL CHECK (status IN ('held', 'approved', 'declined')),
  decline_reason  text,
  created_at      timestamptz NOT NULL
);
CREATE INDEX sandbox_card_issuer_authorisations_month_idx ON sandbox_card_issuer_authorisations (card_ref, month) WHERE status <> 'declined';
