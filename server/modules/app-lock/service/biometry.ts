/** Biometric unlock tokens: one per device, at most MAX_BIOMETRIC_DEVICES, only their hashes kept. */
import { randomUUID } from 'node:crypto';
import type { AppLockResult, AppLockStatus, appLockBiometryAdd, appLockBiometryRemove } from '@/shared/contract/app-lock';
import { httpErrors } from '../../../http/errors';
import { MAX_BIOMETRIC_DEVICES, readLock, readStatus, sha256 } from '../store';
import { callerOf, takeHashCall, type AppLockRequest } from './shared';
import { answerOf, checkPasscode } from './tries';

const lockFirst = () => httpErrors.validation({ biometricToken: 'Turn the app lock on first.' });

/**
 * Registers a device's biometric unlock token: needs the passcode, checked like an unlock (a wrong one registers
 * nothing and counts as a wrong try). A bearer token alone does not register one.
 */
export async function addBiometricKey(ctx: AppLockRequest<typeof appLockBiometryAdd>): Promise<AppLockResult> {
  const { db, clock, body } = ctx;
  const caller = callerOf(ctx);
  const { userId } = caller;
  takeHashCall(ctx, caller);
  if (!(await readLock(db, userId))) throw lockFirst();
  const check = await checkPasscode(ctx, caller, body.passcode);
  if (check.kind !== 'ok') return answerOf(ctx, check, userId);
  await db.tx(async (tx) => {
    const [lock] = await tx.query('SELECT user_id FROM app_locks WHERE user_id = $1 FOR UPDATE', [userId]);
    if (!lock) throw lockFirst();
    await tx.query(
      `INSERT INTO app_lock_biometric_keys (id, user_id, token_hash, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (token_hash) DO NOTHING`,
      [randomUUID(), userId, sha256(body.biometricToken).toString('base64url'), clock.now()],
    );
    await tx.query(
      `DELETE FROM app_lock_biometric_keys WHERE user_id = $1 AND id NOT IN (
         SELECT id FROM app_lock_biometric_keys WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
      [userId, MAX_BIOMETRIC_DEVICES],
    );
  });
  return answerOf(ctx, { kind: 'ok' }, userId);
}

export async function removeBiometricKey({ db, user, body }: AppLockRequest<typeof appLockBiometryRemove>): Promise<AppLockStatus> {
  await db.query('DELETE FROM app_lock_biometric_keys WHERE user_id = $1 AND token_hash = $2', [
    user.userId,
    sha256(body.biometricToken).toString('base64url'),
  ]);
  return readStatus(db, user.userId);
}
