-- Sandbox bot (server/sandbox/bot.ts): chats whose user "blocked the bot" (sendMessage answers 403 as Telegram does,
-- POST /api/dev/bot-chats/blocked) and the messages saved for sharing (savePreparedInlineMessage; GET
-- /api/dev/bot-prepared-messages shows what Telegram's chat picker would send).
CREATE TABLE sandbox_bot_blocked_chats (
  chat_id     bigint PRIMARY KEY,
  blocked_at  timestamptz NOT NULL
);
CREATE TABLE sandbox_bot_prepared_messages (
  id          text PRIMARY KEY,
  user_id     bigint NOT NULL,
  message     jsonb NOT NULL,                        -- { title, description?, text, button }
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX sandbox_bot_prepared_messages_user_idx ON sandbox_bot_prepared_messages (user_id, created_at DESC);
