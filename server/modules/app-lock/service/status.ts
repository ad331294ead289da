/** The account's lock, locking this session, the auto-lock delay. */
import type { AppLockStatus, appLockLock, appLockSettings, appLockStatus } from '@/shared/contract/app-lock';
import { httpErrors } from '../../../http/errors';
import { readStatus } from '../store';
import type { AppLockRequest } from './shared';

export const getLockStatus = ({ db, user }: AppLockRequest<typeof appLockStatus>): Promise<AppLockStatus> =>
  readStatus(db, user.userId, user.appLock.locked);

/** Locks the caller's session at the server (the app locked itself). Without a lock: nothing to lock. */
export async function lockSession({ db, clock, user }: AppLockRequest<typeof appLockLock>): Promise<AppLockStatus> {
  const rows = await db.query(
    `UPDATE auth_sessions s SET locked_at = coalesce(s.locked_at, $2)
     WHERE s.id = $1 AND EXISTS (SELECT 1 FROM app_locks l WHERE l.user_id = s.user_id) RETURNING s.id`,
    [user.sessionId, clock.now()],
  );
  return readStatus(db, user.userId, rows.length > 0);
}

export async function setAutoLock({ db, clock, user, body }: AppLockRequest<typeof appLockSettings>): Promise<AppLockStatus> {
  const rows = await db.query('UPDATE app_locks SET auto_lock_seconds = $2, updated_at = $3 WHERE user_id = $1 RETURNING user_id', [
    user.userId,
    body.autoLockSeconds,
    clock.now(),
  ]);
  if (rows.length === 0) throw httpErrors.validation({ autoLockSeconds: 'Turn the app lock on first.' });
  return readStatus(db, user.userId);
}
