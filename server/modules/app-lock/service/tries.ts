/**
 * Tries (docs/auth.md "App lock"): a wrong passcode (or an unknown biometric token) adds one to `failed_tries` with ONE
 * atomic `UPDATE … SET failed_tries = failed_tries + 1 RETURNING`, so parallel wrong tries each count. The try that
 * reaches APP_LOCK_MAX_TRIES ends the calling session (auth_sessions and its refresh tokens revoked, in the same
 * transaction) and removes the passcode and biometric tokens: the user signs in again (which proves the account) and
 * sets a new passcode. A right one sets the count back to 0 and unlocks the session.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { APP_LOCK_MAX_TRIES, type AppLockResult } from '@/shared/contract/app-lock';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/db';
import { verifyPasscode } from '../passcode-hash';
import { endSessionAndLock, readLock, readStatus, sessionRevoked, sha256, storedOf, unlockSession, type Caller } from '../store';
import type { AppLockDeps } from './shared';

export type Check = { kind: 'no_lock' } | { kind: 'ok' } | { kind: 'wrong'; triesLeft: number } | { kind: 'session_ended' };

/** What a check needs: the request's database, clock and log, the module's hash pool and pepper. */
export type CheckContext = Pick<AppLockDeps, 'pepper' | 'pool'> & { db: Db; clock: Clock; log: FastifyBaseLogger };

/** A right answer: the count goes back to 0 and this session is unlocked (unless a last wrong try removed the lock meanwhile). */
async function rightTry({ db, clock }: CheckContext, caller: Caller): Promise<Check> {
  const rows = await db.query('UPDATE app_locks SET failed_tries = 0 WHERE user_id = $1 RETURNING user_id', [caller.userId]);
  if (rows.length > 0) {
    await unlockSession(db, caller.sessionId, clock.now());
    return { kind: 'ok' };
  }
  return (await sessionRevoked(db, caller.sessionId)) ? { kind: 'session_ended' } : { kind: 'no_lock' };
}

/** A wrong answer, counted atomically; the last one ends the session and removes the lock. */
async function wrongTry({ db, clock, log }: CheckContext, caller: Caller): Promise<Check> {
  const outcome = await db.tx(async (tx) => {
    const [row] = await tx.query<{ failed_tries: number }>(
      'UPDATE app_locks SET failed_tries = failed_tries + 1 WHERE user_id = $1 RETURNING failed_tries',
      [caller.userId],
    );
    // No row: a parallel try was the last one (it removed the lock); this one is past the limit too.
    const tries = row?.failed_tries ?? APP_LOCK_MAX_TRIES;
    if (tries < APP_LOCK_MAX_TRIES) return { kind: 'wrong', triesLeft: APP_LOCK_MAX_TRIES - tries } as const;
    await endSessionAndLock(tx, caller, clock.now());
    return { kind: 'session_ended' } as const;
  });
  if (outcome.kind === 'session_ended') {
    log.warn({ userId: caller.userId, sessionId: caller.sessionId }, 'app lock: too many wrong tries, session ended');
  }
  return outcome;
}

export async function checkPasscode(ctx: CheckContext, caller: Caller, passcode: string): Promise<Check> {
  const row = await readLock(ctx.db, caller.userId);
  if (!row) return { kind: 'no_lock' };
  const right = await ctx.pool.run(caller.userId, () => verifyPasscode(ctx.pepper, passcode, storedOf(row)));
  return right ? rightTry(ctx, caller) : wrongTry(ctx, caller);
}

export async function checkBiometricToken(ctx: CheckContext, caller: Caller, token: string): Promise<Check> {
  const { db, clock } = ctx;
  const row = await readLock(db, caller.userId);
  if (!row) return { kind: 'no_lock' };
  const presented = sha256(token);
  const keys = await db.query<{ id: string; token_hash: string }>('SELECT id, token_hash FROM app_lock_biometric_keys WHERE user_id = $1', [
    caller.userId,
  ]);
  // Every key compared in constant time (no early exit), so the answer's timing says nothing about the hashes.
  let found: string | null = null;
  for (const key of keys) {
    const stored = Buffer.from(key.token_hash, 'base64url');
    if (stored.length === presented.length && timingSafeEqual(stored, presented)) found = key.id;
  }
  if (!found) return wrongTry(ctx, caller);
  await db.query('UPDATE app_lock_biometric_keys SET last_used_at = $2 WHERE id = $1', [found, clock.now()]);
  return rightTry(ctx, caller);
}

/** The answer to a proof: wrong (tries left), session ended, or ok with the account's lock (this session unlocked). */
export async function answerOf({ db }: Pick<CheckContext, 'db'>, check: Check, userId: string): Promise<AppLockResult> {
  switch (check.kind) {
    case 'wrong':
      return { result: 'wrong', triesLeft: check.triesLeft, status: null };
    case 'session_ended':
      return { result: 'session_ended', triesLeft: 0, status: null };
    default: {
      const status = await readStatus(db, userId);
      return { result: 'ok', triesLeft: status.triesLeft, status };
    }
  }
}
