-- The carrier's tracking of a physical card and when it is expected (issue #35; server/modules/cards/shipment.ts).
-- Filled from the issuer's card.shipment events when it sends them; NULL = not known yet.
ALTER TABLE card_deliveries ADD COLUMN carrier text;
ALTER TABLE card_deliveries ADD COLUMN tracking_number text;
ALTER TABLE card_deliveries ADD COLUMN tracking_url text;
ALTER TABLE card_deliveries ADD COLUMN expected_at timestamptz;
