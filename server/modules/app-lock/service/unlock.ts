/** Unlocking this session: with the passcode (counted against the slow-hash limits) or a device's biometric token. */
import type { AppLockResult, appLockUnlock, appLockUnlockBiometric } from '@/shared/contract/app-lock';
import { callerOf, takeHashCall, type AppLockRequest } from './shared';
import { answerOf, checkBiometricToken, checkPasscode } from './tries';

export async function unlock(ctx: AppLockRequest<typeof appLockUnlock>): Promise<AppLockResult> {
  const caller = callerOf(ctx);
  takeHashCall(ctx, caller);
  return answerOf(ctx, await checkPasscode(ctx, caller, ctx.body.passcode), caller.userId);
}

export async function unlockBiometric(ctx: AppLockRequest<typeof appLockUnlockBiometric>): Promise<AppLockResult> {
  const caller = callerOf(ctx);
  return answerOf(ctx, await checkBiometricToken(ctx, caller, ctx.body.biometricToken), caller.userId);
}
