-- Issue #33: when the USDT deposit watcher last finished a poll (server/modules/wallet/usdt-watcher.ts), for the
-- `deposit_watcher_age_seconds` metric and its alert (docs/deploy.md "Alerts"). The cursor's updated_at moves only
-- when a transfer arrives; this moves on every successful poll, whichever process made it.
-- Expand-only: a nullable column without a default is added without rewriting the table; the previous release
-- neither reads nor writes it (docs/deploy.md "Zero-downtime migrations").
ALTER TABLE tron_watcher_cursors ADD COLUMN polled_at timestamptz;
