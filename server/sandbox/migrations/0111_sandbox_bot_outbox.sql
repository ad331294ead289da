-- Sandbox bot adapter: messages are stored here instead of being sent to Telegram (GET /api/dev/bot-outbox).
CREATE TABLE sandbox_bot_outbox (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chat_id     bigint NOT NULL,
  text        text NOT NULL,
  button      jsonb,
  created_at  timestamptz NOT NULL
);
CREATE INDEX sandbox_bot_outbox_chat_idx ON sandbox_bot_outbox (chat_id, id DESC);
