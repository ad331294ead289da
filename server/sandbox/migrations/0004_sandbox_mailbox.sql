-- Sandbox mail adapter: messages are stored here instead of being sent (GET /api/dev/mailbox).
CREATE TABLE sandbox_mailbox (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_email   text NOT NULL,
  kind       text NOT NULL,
  subject    text NOT NULL,
  body       text NOT NULL,
  code       text,
  created_at timestamptz NOT NULL
);
CREATE INDEX sandbox_mailbox_to_idx ON sandbox_mailbox (to_email, id DESC);
