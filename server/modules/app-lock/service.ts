/**
 * App lock (docs/server.md "App lock"). The lock itself is the app's screen; the server keeps what must not live on
 * the device: the passcode's hash, the count of wrong tries, and the hashes of biometric unlock tokens.
 *
 * Tries: a wrong passcode (or an unknown biometric token) adds one to `failed_tries` with ONE atomic
 * `UPDATE … SET failed_tries = failed_tries + 1 RETURNING`, so parallel wrong tries each count. The try that reaches
 * APP_LOCK_MAX_TRIES ends the calling session (auth_sessions and its refresh tokens revoked, in the same transaction)
 * and removes the passcode and biometric tokens: the user signs in again (which proves the account) and sets a new
 * passcode. A right one sets the count back to 0.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { APP_LOCK_MAX_TRIES, type AppLockResult, type AppLockStatus, type AutoLockSeconds } from '@/shared/contract/app-lock';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { httpErrors } from '../../http/errors';
import type { FairHashPool } from './hash-pool';
import type { HashLimits } from './hash-limits';
import { hashPasscode, verifyPasscode, type StoredPasscode } from './passcode-hash';

export const DEFAULT_AUTO_LOCK_SECONDS: AutoLockSeconds = 300;
/** Devices with biometric unlock per user; registering one more drops the oldest. */
export const MAX_BIOMETRIC_DEVICES = 5;

interface LockRow extends Record<string, unknown> {
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

export interface AppLockDeps {
  db: Db;
  clock: Clock;
  /** HMAC key mixed into every passcode hash (derived from JWT_SECRET). */
  pepper: Buffer;
  log: FastifyBaseLogger;
  /** Where the slow hashes run: bounded, each user's calls behind their own (hash-pool.ts). */
  pool: FairHashPool;
  /** Slow-hash calls per user and per client address (hash-limits.ts). */
  limits: HashLimits;
}

/** Who asks: the user, the session (auth_sessions.id) an unlock unlocks and a last wrong try ends, and the client address. */
export interface Caller {
  userId: string;
  sessionId: string;
  ip: string;
}

type Check = { kind: 'no_lock' } | { kind: 'ok' } | { kind: 'wrong'; triesLeft: number } | { kind: 'session_ended' };

const sha256 = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

const storedOf = (row: LockRow): StoredPasscode => ({
  kdf: row.kdf,
  n: row.kdf_n,
  r: row.kdf_r,
  p: row.kdf_p,
  keyLength: row.key_length,
  hash: row.passcode_hash,
  salt: row.salt,
});

export class AppLockService {
  constructor(private readonly deps: AppLockDeps) {}

  private readLock(q: Queryable, userId: string): Promise<LockRow | undefined> {
    return q
      .query<LockRow>(
        `SELECT passcode_hash, salt, kdf, kdf_n, kdf_r, kdf_p, key_length, auto_lock_seconds, failed_tries
         FROM app_locks WHERE user_id = $1`,
        [userId],
      )
      .then((rows) => rows[0]);
  }

  /** The account's lock; `locked`: this session is locked at the server (never without a lock). */
  async status(userId: string, locked = false): Promise<AppLockStatus> {
    const row = await this.readLock(this.deps.db, userId);
    if (!row) return { enabled: false, autoLockSeconds: DEFAULT_AUTO_LOCK_SECONDS, biometricDevices: 0, triesLeft: APP_LOCK_MAX_TRIES, locked: false };
    const [devices] = await this.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app_lock_biometric_keys WHERE user_id = $1', [userId]);
    return {
      enabled: true,
      autoLockSeconds: row.auto_lock_seconds as AutoLockSeconds,
      biometricDevices: Number(devices?.n ?? 0),
      triesLeft: Math.max(0, APP_LOCK_MAX_TRIES - row.failed_tries),
      locked,
    };
  }

  /** Locks the caller's session at the server (the app locked itself). Without a lock: nothing to lock. */
  async lock(caller: Caller): Promise<AppLockStatus> {
    const now = this.deps.clock.now();
    const rows = await this.deps.db.query(
      `UPDATE auth_sessions s SET locked_at = coalesce(s.locked_at, $2)
       WHERE s.id = $1 AND EXISTS (SELECT 1 FROM app_locks l WHERE l.user_id = s.user_id) RETURNING s.id`,
      [caller.sessionId, now],
    );
    return this.status(caller.userId, rows.length > 0);
  }

  /** A proof in this session (unlock, passcode set): unlocked, its step-up fresh, its inactivity clock restarted. */
  private unlockSession(q: Queryable, sessionId: string): Promise<unknown> {
    return q.query('UPDATE auth_sessions SET locked_at = NULL, active_at = $2, unlocked_at = $2 WHERE id = $1', [sessionId, this.deps.clock.now()]);
  }

  private async result(check: Check, userId: string): Promise<AppLockResult> {
    switch (check.kind) {
      case 'wrong':
        return { result: 'wrong', triesLeft: check.triesLeft, status: null };
      case 'session_ended':
        return { result: 'session_ended', triesLeft: 0, status: null };
      default: {
        const status = await this.status(userId); // an ok answer unlocked this session
        return { result: 'ok', triesLeft: status.triesLeft, status };
      }
    }
  }

  /**
   * A right answer: the count goes back to 0 and this session is unlocked (unless the lock was removed meanwhile by a
   * last wrong try).
   */
  private async rightTry(caller: Caller): Promise<Check> {
    const rows = await this.deps.db.query('UPDATE app_locks SET failed_tries = 0 WHERE user_id = $1 RETURNING user_id', [caller.userId]);
    if (rows.length > 0) {
      await this.unlockSession(this.deps.db, caller.sessionId);
      return { kind: 'ok' };
    }
    return (await this.sessionRevoked(caller.sessionId)) ? { kind: 'session_ended' } : { kind: 'no_lock' };
  }

  private async sessionRevoked(sessionId: string): Promise<boolean> {
    const [row] = await this.deps.db.query<{ revoked_at: Date | null }>('SELECT revoked_at FROM auth_sessions WHERE id = $1', [sessionId]);
    return !row || row.revoked_at !== null;
  }

  /** A wrong answer, counted atomically; the last one ends the session and removes the lock. */
  private async wrongTry(caller: Caller): Promise<Check> {
    const outcome = await this.deps.db.tx(async (tx) => {
      const [row] = await tx.query<{ failed_tries: number }>(
        'UPDATE app_locks SET failed_tries = failed_tries + 1 WHERE user_id = $1 RETURNING failed_tries',
        [caller.userId],
      );
      // No row: a parallel try was the last one (it removed the lock); this one is past the limit too.
      const tries = row?.failed_tries ?? APP_LOCK_MAX_TRIES;
      if (tries < APP_LOCK_MAX_TRIES) return { kind: 'wrong', triesLeft: APP_LOCK_MAX_TRIES - tries } as const;
      await this.endSession(tx, caller);
      return { kind: 'session_ended' } as const;
    });
    if (outcome.kind === 'session_ended') {
      this.deps.log.warn({ userId: caller.userId, sessionId: caller.sessionId }, 'app lock: too many wrong tries, session ended');
    }
    return outcome;
  }

  /**
   * Revokes the session and its refresh tokens (auth_sessions' `sign_out` reason: the server signed it out) and
   * removes the passcode with its biometric tokens.
   */
  private async endSession(tx: Queryable, caller: Caller): Promise<void> {
    const now = this.deps.clock.now();
    await tx.query(
      "UPDATE auth_sessions SET revoked_at = $2, revoke_reason = 'sign_out' WHERE id = $1 AND user_id = $3 AND revoked_at IS NULL",
      [caller.sessionId, now, caller.userId],
    );
    await tx.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL', [caller.sessionId, now]);
    await tx.query('DELETE FROM app_locks WHERE user_id = $1', [caller.userId]);
  }

  private async checkPasscode(caller: Caller, passcode: string): Promise<Check> {
    const row = await this.readLock(this.deps.db, caller.userId);
    if (!row) return { kind: 'no_lock' };
    const right = await this.deps.pool.run(caller.userId, () => verifyPasscode(this.deps.pepper, passcode, storedOf(row)));
    return right ? this.rightTry(caller) : this.wrongTry(caller);
  }

  private async checkBiometricToken(caller: Caller, token: string): Promise<Check> {
    const row = await this.readLock(this.deps.db, caller.userId);
    if (!row) return { kind: 'no_lock' };
    const presented = sha256(token);
    const keys = await this.deps.db.query<{ id: string; token_hash: string }>(
      'SELECT id, token_hash FROM app_lock_biometric_keys WHERE user_id = $1',
      [caller.userId],
    );
    // Every key compared in constant time (no early exit), so the answer's timing says nothing about the hashes.
    let found: string | null = null;
    for (const key of keys) {
      const stored = Buffer.from(key.token_hash, 'base64url');
      if (stored.length === presented.length && timingSafeEqual(stored, presented)) found = key.id;
    }
    if (!found) return this.wrongTry(caller);
    await this.deps.db.query('UPDATE app_lock_biometric_keys SET last_used_at = $2 WHERE id = $1', [found, this.deps.clock.now()]);
    return this.rightTry(caller);
  }

  async unlock(caller: Caller, passcode: string): Promise<AppLockResult> {
    this.deps.limits.take(caller.userId, caller.ip, this.deps.clock.now().getTime());
    return this.result(await this.checkPasscode(caller, passcode), caller.userId);
  }

  async unlockBiometric(caller: Caller, token: string): Promise<AppLockResult> {
    return this.result(await this.checkBiometricToken(caller, token), caller.userId);
  }

  /**
   * Sets the passcode (lock off) or changes it (lock on: `currentPasscode` is checked like an unlock). Either way this
   * session is unlocked and every other session of the account is locked: they must show the new passcode.
   */
  async setPasscode(
    caller: Caller,
    input: { passcode: string; currentPasscode?: string | undefined; autoLockSeconds?: AutoLockSeconds | undefined },
  ): Promise<AppLockResult> {
    const { db, clock, pepper } = this.deps;
    this.deps.limits.take(caller.userId, caller.ip, clock.now().getTime());
    const existing = await this.readLock(db, caller.userId);
    if (existing) {
      if (input.currentPasscode === undefined) throw httpErrors.validation({ currentPasscode: 'Enter your current passcode to change it.' });
      const check = await this.checkPasscode(caller, input.currentPasscode);
      if (check.kind !== 'ok') return this.result(check, caller.userId);
      const stored = await this.deps.pool.run(caller.userId, () => hashPasscode(pepper, input.passcode));
      await db.query(
        `UPDATE app_locks SET passcode_hash = $2, salt = $3, kdf = $4, kdf_n = $5, kdf_r = $6, kdf_p = $7, key_length = $8,
           auto_lock_seconds = coalesce($9, auto_lock_seconds), failed_tries = 0, updated_at = $10
         WHERE user_id = $1`,
        [caller.userId, stored.hash, stored.salt, stored.kdf, stored.n, stored.r, stored.p, stored.keyLength, input.autoLockSeconds ?? null, clock.now()],
      );
      await this.lockOtherSessions(caller);
      return this.result({ kind: 'ok' }, caller.userId);
    }
    const stored = await this.deps.pool.run(caller.userId, () => hashPasscode(pepper, input.passcode));
    const now = clock.now();
    const inserted = await db.query(
      `INSERT INTO app_locks (user_id, passcode_hash, salt, kdf, kdf_n, kdf_r, kdf_p, key_length, auto_lock_seconds, failed_tries, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $10)
       ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
      [caller.userId, stored.hash, stored.salt, stored.kdf, stored.n, stored.r, stored.p, stored.keyLength, input.autoLockSeconds ?? DEFAULT_AUTO_LOCK_SECONDS, now],
    );
    // Set by a parallel call a moment ago: changing it needs that passcode.
    if (inserted.length === 0) throw httpErrors.validation({ currentPasscode: 'Enter your current passcode to change it.' });
    await this.unlockSession(db, caller.sessionId);
    await this.lockOtherSessions(caller);
    return this.result({ kind: 'ok' }, caller.userId);
  }

  /** The account's other sessions are locked: a new passcode is proven in each before it is used again. */
  private lockOtherSessions(caller: Caller): Promise<unknown> {
    return this.deps.db.query('UPDATE auth_sessions SET locked_at = coalesce(locked_at, $3) WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL', [
      caller.userId,
      caller.sessionId,
      this.deps.clock.now(),
    ]);
  }

  async turnOff(caller: Caller, passcode: string): Promise<AppLockResult> {
    this.deps.limits.take(caller.userId, caller.ip, this.deps.clock.now().getTime());
    const check = await this.checkPasscode(caller, passcode);
    if (check.kind === 'ok') await this.deps.db.query('DELETE FROM app_locks WHERE user_id = $1', [caller.userId]);
    return this.result(check, caller.userId);
  }

  async setAutoLock(userId: string, autoLockSeconds: AutoLockSeconds): Promise<AppLockStatus> {
    const rows = await this.deps.db.query('UPDATE app_locks SET auto_lock_seconds = $2, updated_at = $3 WHERE user_id = $1 RETURNING user_id', [
      userId,
      autoLockSeconds,
      this.deps.clock.now(),
    ]);
    if (rows.length === 0) throw httpErrors.validation({ autoLockSeconds: 'Turn the app lock on first.' });
    return this.status(userId);
  }

  /**
   * Registers a device's biometric unlock token: needs the passcode, checked like an unlock (a wrong one registers
   * nothing and counts as a wrong try). A bearer token alone no longer registers one.
   */
  async addBiometricKey(caller: Caller, token: string, passcode: string): Promise<AppLockResult> {
    const { db, clock } = this.deps;
    const userId = caller.userId;
    this.deps.limits.take(userId, caller.ip, clock.now().getTime());
    if (!(await this.readLock(db, userId))) throw httpErrors.validation({ biometricToken: 'Turn the app lock on first.' });
    const check = await this.checkPasscode(caller, passcode);
    if (check.kind !== 'ok') return this.result(check, userId);
    await db.tx(async (tx) => {
      const [lock] = await tx.query('SELECT user_id FROM app_locks WHERE user_id = $1 FOR UPDATE', [userId]);
      if (!lock) throw httpErrors.validation({ biometricToken: 'Turn the app lock on first.' });
      await tx.query(
        `INSERT INTO app_lock_biometric_keys (id, user_id, token_hash, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (token_hash) DO NOTHING`,
        [randomUUID(), userId, sha256(token).toString('base64url'), clock.now()],
      );
      await tx.query(
        `DELETE FROM app_lock_biometric_keys WHERE user_id = $1 AND id NOT IN (
           SELECT id FROM app_lock_biometric_keys WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
        [userId, MAX_BIOMETRIC_DEVICES],
      );
    });
    return this.result({ kind: 'ok' }, userId);
  }

  async removeBiometricKey(userId: string, token: string): Promise<AppLockStatus> {
    await this.deps.db.query('DELETE FROM app_lock_biometric_keys WHERE user_id = $1 AND token_hash = $2', [
      userId,
      sha256(token).toString('base64url'),
    ]);
    return this.status(userId);
  }
}
