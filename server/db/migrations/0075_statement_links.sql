-- Statement downloads (docs/api.md "Statement download links"): a single-use, short-lived link per export.
-- Only the SHA-256 of the link's token is stored, so the table cannot be turned back into working links.
CREATE TABLE statement_links (
  token_hash  text PRIMARY KEY,                      -- hex SHA-256 of the 32-byte random token in the URL
  user_id     text NOT NULL REFERENCES users (id),
  account_id  text NOT NULL,                         -- the ledger account of the statement (wallet currency or card)
  currency    text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  card_id     text,                                  -- card statements
  title       text NOT NULL,                         -- "Wallet USD" / "Card •••• 1234"
  period_from timestamptz NOT NULL,
  period_to   timestamptz NOT NULL,
  file_name   text NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz                            -- set by the one download that may use it
);
CREATE INDEX statement_links_user_idx ON statement_links (user_id, expires_at);
