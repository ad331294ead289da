-- Card controls (issue #14; server/modules/cards/service/limits.ts, delivery.ts; docs/server.md "Card controls").

-- Spending limits as the owner set them, in minor units of the card currency (NULL: no limit). The issuer holds and
-- enforces them (it receives every change through the adapter); this copy is what the app shows.
ALTER TABLE cards ADD COLUMN limit_per_purchase bigint CHECK (limit_per_purchase > 0);
ALTER TABLE cards ADD COLUMN limit_monthly bigint CHECK (limit_monthly > 0);
ALTER TABLE cards ADD COLUMN limits_updated_at timestamptz;

-- The delivery of a physical card: the address given at ordering and the shipping stages the issuer reported.
CREATE TABLE card_deliveries (
  card_id      text PRIMARY KEY REFERENCES cards (id),
  country      text NOT NULL,
  recipient    text NOT NULL,
  line1        text NOT NULL,
  line2        text,
  city         text NOT NULL,
  region       text,
  postcode     text,
  stage        text NOT NULL DEFAULT 'ordered' CHECK (stage IN ('ordered', 'made', 'shipped', 'delivered')),
  ordered_at   timestamptz NOT NULL,
  made_at      timestamptz,
  shipped_at   timestamptz,
  delivered_at timestamptz,
  updated_at   timestamptz NOT NULL
);
