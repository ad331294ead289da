-- Receipts (issue #35; server/modules/statements/receipts.ts): a single-use, short-lived link to one transaction's PDF
-- receipt, as statement_links are for statements. Only the SHA-256 of the token is stored.
CREATE TABLE receipt_links (
  token_hash  text PRIMARY KEY,
  user_id     text NOT NULL REFERENCES users (id),
  target      jsonb NOT NULL,                        -- { kind: wallet | card | trade, transactionId | tradeId, cardId? }
  language    text NOT NULL CHECK (language IN ('en', 'ru')),
  time_zone   text,
  file_name   text NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX receipt_links_user_idx ON receipt_links (user_id, expires_at);
