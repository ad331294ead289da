-- Referral programme (server/modules/promo). Who referred whom is users.referred_by (set at sign-up by the
-- auth module from the promo code). A referral becomes Active (SPEC §3) when the referrer was paid the bonus
-- for the referred user's first issued card: one row here, at most one per referred user, written in the same
-- database transaction as the promoBonus ledger transaction (idempotency key promoBonus:<referred user id>).
CREATE TABLE referral_bonuses (
  referred_user_id text PRIMARY KEY REFERENCES users (id),  -- one bonus per referred user, ever
  referrer_id      text NOT NULL REFERENCES users (id),     -- who was paid (users.referred_by of the referred user)
  card_id          text NOT NULL,                           -- the card whose issue earned the bonus
  transaction_id   text NOT NULL REFERENCES ledger_transactions (id), -- the promoBonus credit
  amount           bigint NOT NULL CHECK (amount > 0),      -- minor units
  currency         text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  created_at       timestamptz NOT NULL
);
CREATE INDEX referral_bonuses_referrer_idx ON referral_bonuses (referrer_id);
