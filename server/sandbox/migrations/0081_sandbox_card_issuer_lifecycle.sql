-- The sandbox issuer learns close and block (issue #14): two more final states of its cards.
ALTER TABLE sandbox_card_issuer_cards DROP CONSTRAINT sandbox_card_issuer_cards_state_check;
ALTER TABLE sandbox_card_issuer_cards ADD CONSTRAINT sandbox_card_issuer_cards_state_check
  CHECK (state IN ('processing', 'fabricating', 'shipped', 'active', 'frozen', 'rejected', 'failed', 'closed', 'blocked'));
ALTER TABLE sandbox_card_issuer_cards ADD COLUMN block_reason text;
