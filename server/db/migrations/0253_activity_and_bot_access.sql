-- The activity centre (issue #35; server/modules/notifications/activity.ts): every event the bot notifies about, for
-- every user (with Telegram linked or not, whatever the bot's switches say), written in the event's transaction by
-- notifyUser. id is the notification's ('topUpCredited:sbp:<paymentId>'), so an event applied twice is listed once.
-- read_at: when the user saw it in the list (NULL: unread, counted by the badge).
CREATE TABLE activity_events (
  id          text PRIMARY KEY,
  user_id     text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind        text NOT NULL,
  params      jsonb NOT NULL,
  created_at  timestamptz NOT NULL,
  read_at     timestamptz
);
CREATE INDEX activity_events_user_idx ON activity_events (user_id, created_at DESC, id DESC);
CREATE INDEX activity_events_unread_idx ON activity_events (user_id, created_at) WHERE read_at IS NULL;

-- What the bot already sent is listed too, as seen (no badge for old news).
INSERT INTO activity_events (id, user_id, kind, params, created_at, read_at)
SELECT id, user_id, kind, params, created_at, created_at FROM bot_notifications;

-- Telegram answered the bot 403 (the user blocked it, or never let it write): nothing is sent while set; cleared when
-- the user lets the bot write again (the app's requestWriteAccess), starts its chat or unblocks it (my_chat_member).
ALTER TABLE notification_settings ADD COLUMN bot_blocked_at timestamptz;
