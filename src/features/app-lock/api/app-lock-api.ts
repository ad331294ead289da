import { createApiMutation, createApiQuery } from '@/shared/api';
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

export const appLockStatusQuery = createApiQuery(appLockStatus, { name: 'appLock.status' });
export const setPasscodeMutation = createApiMutation(appLockSetPasscode);
export const turnOffMutation = createApiMutation(appLockTurnOff);
export const unlockMutation = createApiMutation(appLockUnlock);
export const unlockBiometricMutation = createApiMutation(appLockUnlockBiometric);
export const autoLockMutation = createApiMutation(appLockSettings);
export const biometryAddMutation = createApiMutation(appLockBiometryAdd);
export const biometryRemoveMutation = createApiMutation(appLockBiometryRemove);
