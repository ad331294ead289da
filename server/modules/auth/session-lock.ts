/**
 * The app lock as a session has it (docs/auth.md "App lock"), read with the session row on every bearer request:
 * the lock is on for the account (an app_locks row), and this session is locked — it was locked (the app locked
 * itself: "Lock now", inactivity, the background, a restart; or the passcode was set in another session), or its
 * inactivity time passed since its last request while unlocked. route() refuses a locked session on every endpoint
 * the contract does not mark `whileLocked`; the step-up guard wants `unlockedAt` younger than its window.
 */
import type { AppLockState } from '../../http/context';

/** The session row's app-lock columns (SessionCheckRow's). */
interface SessionLockColumns {
  locked_at: Date | null;
  active_at: Date;
  unlocked_at: Date | null;
  lock_auto_seconds: number | null;
}

/** active_at is written at most once a minute: the inactivity time is counted with that much grace. */
export const ACTIVITY_WRITE_EVERY_MS = 60_000;

export const sessionLockState = (row: SessionLockColumns, now: Date): AppLockState => {
  if (row.lock_auto_seconds === null) return { enabled: false, locked: false, unlockedAt: row.unlocked_at };
  const idleMs = now.getTime() - row.active_at.getTime();
  const locked = row.locked_at !== null || idleMs > row.lock_auto_seconds * 1000 + ACTIVITY_WRITE_EVERY_MS;
  return { enabled: true, locked, unlockedAt: row.unlocked_at };
};

/**
 * The same rule in SQL, for a statement that writes under the session check (sessionActsSql): true when the session
 * row `session` is not locked at `$nowParam` (timestamptz).
 */
export const sessionUnlockedSql = (nowParam: number): string =>
  `(session.lock_auto_seconds IS NULL OR (session.locked_at IS NULL
     AND $${nowParam}::timestamptz - session.active_at <= make_interval(secs => session.lock_auto_seconds + ${ACTIVITY_WRITE_EVERY_MS / 1000})))`;
