-- The app lock holds at the server (issue #31, docs/server.md "App lock"): the lock state lives per session.
-- locked_at: the session was locked (the app locked itself, or the account's passcode was set in another session);
--   null: not locked by that; a session is also locked when its lock's inactivity time has passed since active_at.
-- active_at: the last request of this session while unlocked (written at most once a minute, like last_seen_at);
--   null on a session the previous release made during a rolling deploy: read as last_seen_at (the session check).
-- unlocked_at: the last proof in this session (passcode or biometric unlock, passcode set, sign-in): the step-up
--   guard wants it younger than APP_LOCK_STEP_UP_SECONDS.
ALTER TABLE auth_sessions
  ADD COLUMN locked_at   timestamptz,
  ADD COLUMN active_at   timestamptz,
  ADD COLUMN unlocked_at timestamptz;
UPDATE auth_sessions SET active_at = last_seen_at;
