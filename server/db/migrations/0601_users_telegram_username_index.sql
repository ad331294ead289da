-- migrate: no-transaction
-- Recipient look-up by @username (issue #36; Telegram usernames are case-insensitive). Built CONCURRENTLY: users is busy.
CREATE INDEX CONCURRENTLY IF NOT EXISTS users_telegram_username_idx ON users (lower(telegram_username)) WHERE telegram_username IS NOT NULL;
