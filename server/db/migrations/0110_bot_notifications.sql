-- Bot notifications (docs/server.md "Bot notifications"). Per user: the kinds turned off and the language of the texts.
-- No row = every kind on, English.
CREATE TABLE notification_settings (
  user_id    text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  disabled   jsonb NOT NULL DEFAULT '[]'::jsonb,      -- kinds turned off, e.g. ["newSignIn"]
  language   text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ru')),
  updated_at timestamptz NOT NULL
);

-- One row per notification, written in the transaction of the event that caused it (with its 'bot.notify' job).
-- id is derived from the event ('topUpCredited:sbp:<paymentId>'), so an event applied twice notifies once.
-- status: pending → sending (committed just before the Bot API call) → sent (with Telegram's message_id) | failed.
-- A job run that finds 'sent' sends nothing: a crash between the send and the job's ack does not send twice.
CREATE TABLE bot_notifications (
  id          text PRIMARY KEY,
  user_id     text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind        text NOT NULL,
  chat_id     bigint NOT NULL,
  language    text NOT NULL,
  params      jsonb NOT NULL,
  status      text NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts    int NOT NULL DEFAULT 0,
  message_id  bigint,
  last_error  text,
  created_at  timestamptz NOT NULL,
  sent_at     timestamptz,
  retry_at    timestamptz                            -- Telegram's last 429 asked to wait until then (the job runs again after it)
);
CREATE INDEX bot_notifications_user_idx ON bot_notifications (user_id, created_at DESC);
