/** Setting, changing and removing the passcode. */
import type { AppLockResult, appLockSetPasscode, appLockTurnOff } from '@/shared/contract/app-lock';
import { httpErrors } from '../../../http/errors';
import { hashPasscode } from '../passcode-hash';
import { DEFAULT_AUTO_LOCK_SECONDS, lockOtherSessions, readLock, unlockSession } from '../store';
import { callerOf, takeHashCall, type AppLockRequest } from './shared';
import { answerOf, checkPasscode } from './tries';

const currentPasscodeNeeded = () => httpErrors.validation({ currentPasscode: 'Enter your current passcode to change it.' });

/**
 * Sets the passcode (lock off) or changes it (lock on: `currentPasscode` is checked like an unlock). Either way this
 * session is unlocked and every other session of the account is locked: they must show the new passcode.
 */
export async function setPasscode(ctx: AppLockRequest<typeof appLockSetPasscode>): Promise<AppLockResult> {
  const { db, clock, pepper, pool, body } = ctx;
  const caller = callerOf(ctx);
  takeHashCall(ctx, caller);
  const existing = await readLock(db, caller.userId);
  if (existing) {
    if (body.currentPasscode === undefined) throw currentPasscodeNeeded();
    const check = await checkPasscode(ctx, caller, body.currentPasscode);
    if (check.kind !== 'ok') return answerOf(ctx, check, caller.userId);
    const stored = await pool.run(caller.userId, () => hashPasscode(pepper, body.passcode));
    await db.query(
      `UPDATE app_locks SET passcode_hash = $2, salt = $3, kdf = $4, kdf_n = $5, kdf_r = $6, kdf_p = $7, key_length = $8,
         auto_lock_seconds = coalesce($9, auto_lock_seconds), failed_tries = 0, updated_at = $10
       WHERE user_id = $1`,
      [caller.userId, stored.hash, stored.salt, stored.kdf, stored.n, stored.r, stored.p, stored.keyLength, body.autoLockSeconds ?? null, clock.now()],
    );
    await lockOtherSessions(db, caller, clock.now());
    return answerOf(ctx, { kind: 'ok' }, caller.userId);
  }
  const stored = await pool.run(caller.userId, () => hashPasscode(pepper, body.passcode));
  const now = clock.now();
  const inserted = await db.query(
    `INSERT INTO app_locks (user_id, passcode_hash, salt, kdf, kdf_n, kdf_r, kdf_p, key_length, auto_lock_seconds, failed_tries, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $10)
     ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
    [caller.userId, stored.hash, stored.salt, stored.kdf, stored.n, stored.r, stored.p, stored.keyLength, body.autoLockSeconds ?? DEFAULT_AUTO_LOCK_SECONDS, now],
  );
  // Set by a parallel call a moment ago: changing it needs that passcode.
  if (inserted.length === 0) throw currentPasscodeNeeded();
  await unlockSession(db, caller.sessionId, now);
  await lockOtherSessions(db, caller, now);
  return answerOf(ctx, { kind: 'ok' }, caller.userId);
}

/** Removes the lock: the passcode is checked like an unlock. */
export async function turnOff(ctx: AppLockRequest<typeof appLockTurnOff>): Promise<AppLockResult> {
  const caller = callerOf(ctx);
  takeHashCall(ctx, caller);
  const check = await checkPasscode(ctx, caller, ctx.body.passcode);
  if (check.kind === 'ok') await ctx.db.query('DELETE FROM app_locks WHERE user_id = $1', [caller.userId]);
  return answerOf(ctx, check, caller.userId);
}
