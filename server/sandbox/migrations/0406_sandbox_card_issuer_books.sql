-- The sandbox card issuer's own books (server/sandbox/card-issuer.ts): what it loaded on each card and what left it,
-- so it can answer "what do you hold" (CardIssuer.programBalance) for the daily reconciliation (docs/ops.md).
ALTER TABLE sandbox_card_issuer_cards ADD COLUMN initial_load bigint NOT NULL DEFAULT 0;
CREATE TABLE sandbox_card_issuer_movements (
  ref        text PRIMARY KEY,                            -- issue:<card> | topup:<topup> | trade:<trade> | end:<card>
  card_ref   text NOT NULL REFERENCES sandbox_card_issuer_cards (card_ref),
  amount     bigint NOT NULL,                             -- signed: + loaded on the card, - left it
  created_at timestamptz NOT NULL
);
CREATE INDEX sandbox_card_issuer_movements_card_idx ON sandbox_card_issuer_movements (card_ref);
