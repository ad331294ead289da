-- Account (issue #14) and sessions (issue #15): what each sign-in ran on and when it was last seen, email-change
-- codes bound to the account that asked for them, and deleted (anonymised) accounts.

-- Sessions: device summary from the User-Agent, Telegram platform and client version (launch parameters, when
-- the app sent them), country from a trusted proxy's header (docs/server.md "Sessions"), last seen (written at most
-- once a minute per session).
ALTER TABLE auth_sessions
  ADD COLUMN device         text,
  ADD COLUMN platform       text,
  ADD COLUMN client_version text,
  ADD COLUMN country        text,
  ADD COLUMN last_seen_at   timestamptz;
UPDATE auth_sessions SET last_seen_at = created_at;
ALTER TABLE auth_sessions ALTER COLUMN last_seen_at SET NOT NULL;

-- Email change: a code mailed to the NEW address, for one account (user_id), purpose 'email_change'.
ALTER TABLE email_codes ADD COLUMN user_id text REFERENCES users (id);
ALTER TABLE email_codes DROP CONSTRAINT email_codes_purpose_check;
ALTER TABLE email_codes ADD CONSTRAINT email_codes_purpose_check CHECK (purpose IN ('signup', 'signin', 'email_change'));

-- Deleted accounts: the row stays (the ledger, cards and referrals refer to it), its personal data is replaced.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;

-- What the law requires to keep after an account is deleted (identification data for AML record keeping, 5 years
-- after the relationship ends): a copy taken at deletion, out of every screen and API, purged after retain_until.
CREATE TABLE account_deletions (
  user_id      text PRIMARY KEY REFERENCES users (id),
  deleted_at   timestamptz NOT NULL,
  retain_until timestamptz NOT NULL,
  identity     jsonb NOT NULL                        -- names, email, phone, country, verification state, Telegram id
);
