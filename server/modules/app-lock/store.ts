/** The app lock's rows: the account's lock (app_locks), its biometric keys and the lock state of each session. */
import { createHash } from 'node:crypto';
import { APP_LOCK_MAX_TRIES, type AppLockStatus, type AutoLockSeconds } from '@/shared/contract/app-lock';
import type { Queryable } from '../../db/db';
import type { StoredPasscode } from './passcode-hash';

export const DEFAULT_AUTO_LOCK_SECONDS: AutoLockSeconds = 300;
/** Devices with biometric unlock per user; registering one more drops the oldest. */
export const MAX_BIOMETRIC_DEVICES = 5;

export interface LockRow extends Record<string, unknown> {
  passcode_hash: string;
  salt: string;
  kdf: 'scrypt-hmac';
  kdf_n: number;
  kdf_r: number;
  kdf_p: number;
  key_length: number;
  auto_lock_seconds: number;
  failed_tries: number;
}

/** Who asks: the user, the session (auth_sessions.id) an unlock unlocks and a last wrong try ends, and the client address. */
export interface Caller {
  userId: string;
  sessionId: string;
  ip: string;
}

export const sha256 = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

export const storedOf = (row: LockRow): StoredPasscode => ({
  kdf: row.kdf,
  n: row.kdf_n,
  r: row.kdf_r,
  p: row.kdf_p,
  keyLength: row.key_length,
  hash: row.passcode_hash,
  salt: row.salt,
});

export const readLock = (q: Queryable, userId: string): Promise<LockRow | undefined> =>
  q
    .query<LockRow>(
      `SELECT passcode_hash, salt, kdf, kdf_n, kdf_r, kdf_p, key_length, auto_lock_seconds, failed_tries
       FROM app_locks WHERE user_id = $1`,
      [userId],
    )
    .then((rows) => rows[0]);

/** The account's lock; `locked`: this session is locked at the server (never without a lock). */
export async function readStatus(q: Queryable, userId: string, locked = false): Promise<AppLockStatus> {
  const row = await readLock(q, userId);
  if (!row) return { enabled: false, autoLockSeconds: DEFAULT_AUTO_LOCK_SECONDS, biometricDevices: 0, triesLeft: APP_LOCK_MAX_TRIES, locked: false };
  const [devices] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM app_lock_biometric_keys WHERE user_id = $1', [userId]);
  return {
    enabled: true,
    autoLockSeconds: row.auto_lock_seconds as AutoLockSeconds,
    biometricDevices: Number(devices?.n ?? 0),
    triesLeft: Math.max(0, APP_LOCK_MAX_TRIES - row.failed_tries),
    locked,
  };
}

/** A proof in this session (unlock, passcode set): unlocked, its step-up fresh, its inactivity clock restarted. */
export const unlockSession = (q: Queryable, sessionId: string, now: Date): Promise<unknown> =>
  q.query('UPDATE auth_sessions SET locked_at = NULL, active_at = $2, unlocked_at = $2 WHERE id = $1', [sessionId, now]);

export async function sessionRevoked(q: Queryable, sessionId: string): Promise<boolean> {
  const [row] = await q.query<{ revoked_at: Date | null }>('SELECT revoked_at FROM auth_sessions WHERE id = $1', [sessionId]);
  return !row || row.revoked_at !== null;
}

/**
 * Revokes the session and its refresh tokens (auth_sessions' `sign_out` reason: the server signed it out) and
 * removes the passcode with its biometric tokens.
 */
export async function endSessionAndLock(tx: Queryable, caller: Caller, now: Date): Promise<void> {
  await tx.query(
    "UPDATE auth_sessions SET revoked_at = $2, revoke_reason = 'sign_out' WHERE id = $1 AND user_id = $3 AND revoked_at IS NULL",
    [caller.sessionId, now, caller.userId],
  );
  await tx.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL', [caller.sessionId, now]);
  await tx.query('DELETE FROM app_locks WHERE user_id = $1', [caller.userId]);
}

/** The account's other sessions are locked: a new passcode is proven in each before it is used again. */
export const lockOtherSessions = (q: Queryable, caller: Caller, now: Date): Promise<unknown> =>
  q.query('UPDATE auth_sessions SET locked_at = coalesce(locked_at, $3) WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL', [
    caller.userId,
    caller.sessionId,
    now,
  ]);
