import { createApiMutation } from '@/shared/api';
import {
  appLockBiometryAdd,
  appLockBiometryRemove,
  appLockSetPasscode,
  appLockSettings,
  appLockTurnOff,
  appLockUnlock,
  appLockUnlockBiometric,
} from '@/shared/contract';

/**
 * The lock's mutations: used by the lock screen (model/unlock.ts) and the settings section (model/settings.ts) only,
 * so they are created with those lazy chunks, never at a page's start (docs/performance.md "Start-up").
 */
export const setPasscodeMutation = createApiMutation(appLockSetPasscode);
export const turnOffMutation = createApiMutation(appLockTurnOff);
export const unlockMutation = createApiMutation(appLockUnlock);
export const unlockBiometricMutation = createApiMutation(appLockUnlockBiometric);
export const autoLockMutation = createApiMutation(appLockSettings);
export const biometryAddMutation = createApiMutation(appLockBiometryAdd);
export const biometryRemoveMutation = createApiMutation(appLockBiometryRemove);
