-- Accounts (SPEC §3 registration form, §1 verification states, referral promo codes).
CREATE TABLE users (
  id                  text PRIMARY KEY,
  email               text NOT NULL UNIQUE,          -- stored lower-cased
  first_name          text NOT NULL,
  last_name           text NOT NULL,
  phone_number        text NOT NULL,
  country             text NOT NULL,
  promo_code          text NOT NULL UNIQUE,          -- the user's own referral code, A-Z0-9, 8 chars
  referred_by         text REFERENCES users (id),    -- owner of the promo code used at sign-up
  verification_status text NOT NULL
    CHECK (verification_status IN ('verified', 'under_verification', 'verification_failed')),
  verification_due_at timestamptz,                   -- sandbox: becomes 'verified' at this time (evaluated on read)
  telegram_id         bigint UNIQUE,                 -- linked Telegram account (from verified init data)
  telegram_username   text,
  telegram_first_name text,
  telegram_photo_url  text,
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL
);
CREATE INDEX users_referred_by_idx ON users (referred_by);
