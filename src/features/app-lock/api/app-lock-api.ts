import { createEffect } from 'effector';
import { createApiMutation, request } from '@/shared/api';
import {
  appLockBiometryAdd,
  appLockBiometryRemove,
  appLockSetPasscode,
  appLockSettings,
  appLockStatus,
  appLockTurnOff,
  appLockUnlock,
  appLockUnlockBiometric,
} from '@/shared/contract';

/**
 * GET /api/app-lock as a plain effect, NOT a cached query: a cached answer ("off", from before the passcode was set)
 * replayed later would unlock the app. Every read goes to the server.
 */
export const loadLockStatusFx = createEffect(() => request(appLockStatus));
export const setPasscodeMutation = createApiMutation(appLockSetPasscode);
export const turnOffMutation = createApiMutation(appLockTurnOff);
export const unlockMutation = createApiMutation(appLockUnlock);
export const unlockBiometricMutation = createApiMutation(appLockUnlockBiometric);
export const autoLockMutation = createApiMutation(appLockSettings);
export const biometryAddMutation = createApiMutation(appLockBiometryAdd);
export const biometryRemoveMutation = createApiMutation(appLockBiometryRemove);
