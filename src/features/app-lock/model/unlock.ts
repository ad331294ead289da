/**
 * The lock screen: unlock with the passcode (checked by the server, which counts wrong tries) or with biometry
 * (Telegram hands back this device's unlock token after a biometric check; the server checks its hash).
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { unlocked } from '@/entities/app-lock';
import type { AppLockResult } from '@/shared/contract';
import { i18n } from '@/shared/i18n';
import { getPlatformInfo, readBiometricToken } from '@/shared/platform';
import { unlockBiometricMutation, unlockMutation } from '../api/app-lock-api';
import { forgetBiometryOnDevice, readBiometryOnDevice } from './biometry-device';
import { lockStatusAnswered } from './sync';
import { appLockTexts } from '../i18n/texts';
import { lastTryEndedSession } from './session-ended';

export interface LockMessage {
  key: string;
  values?: Record<string, unknown>;
}

export const PASSCODE_PATTERN = /^\d{4,6}$/;
/** Keeps digits only, at most 6. */
export const cleanPasscode = (value: string): string => value.replace(/\D/g, '').slice(0, 6);

export const lockScreenOpened = createEvent();
export const unlockPasscodeChanged = createEvent<string>();
export const unlockSubmitted = createEvent();
export const biometryUnlockRequested = createEvent();

export const $unlockPasscode = createStore('');
export const $unlockMessage = createStore<LockMessage | null>(null);
/** Biometric unlock offered on this device (Telegram 7.2+, turned on here). */
export const $biometryOffered = createStore(false);
export const $unlocking = unlockMutation.$pending;
export const $biometryPending = createStore(false);

const biometryOfferedFx = createEffect(() => getPlatformInfo().features.biometry && readBiometryOnDevice());
const readTokenFx = createEffect(async () => readBiometricToken(i18n.t(`${appLockTexts.ns}:biometry.unlockReason`)));
const forgetDeviceFx = createEffect(() => forgetBiometryOnDevice());

sample({ clock: lockScreenOpened, target: biometryOfferedFx });
$biometryOffered.on(biometryOfferedFx.doneData, (_, offered) => offered);
$unlockPasscode.on(unlockPasscodeChanged, (_, value) => value).reset(lockScreenOpened, unlocked);
$unlockMessage.reset(lockScreenOpened, unlockPasscodeChanged, unlocked);

sample({
  clock: unlockSubmitted,
  source: $unlockPasscode,
  filter: (passcode) => !PASSCODE_PATTERN.test(passcode),
  fn: (): LockMessage => ({ key: `${appLockTexts.ns}:passcode.invalid` }),
  target: $unlockMessage,
});
sample({
  clock: unlockSubmitted,
  source: $unlockPasscode,
  filter: (passcode) => PASSCODE_PATTERN.test(passcode),
  fn: (passcode) => ({ body: { passcode } }),
  target: unlockMutation.start,
});

// Biometry: the token from Telegram, then the server.
sample({ clock: biometryUnlockRequested, filter: $biometryPending.map((p) => !p), target: readTokenFx });
$biometryPending.on(readTokenFx, () => true).on([readTokenFx.finally, unlockBiometricMutation.finished.finally], () => false);
sample({
  clock: readTokenFx.doneData,
  filter: (result) => result.ok && result.value !== null,
  fn: (result) => ({ body: { biometricToken: (result as { value: string }).value } }),
  target: unlockBiometricMutation.start,
});
$biometryPending.on(unlockBiometricMutation.start, () => true);
// No token (storage cleared in Telegram): biometry is off on this device; the passcode still works.
sample({ clock: readTokenFx.doneData, filter: (result) => result.ok && result.value === null, target: forgetDeviceFx });
$biometryOffered.on(forgetDeviceFx.done, () => false);
sample({
  clock: readTokenFx.doneData,
  filter: (result) => result.ok && result.value === null,
  fn: (): LockMessage => ({ key: `${appLockTexts.ns}:biometry.noToken` }),
  target: $unlockMessage,
});
sample({
  clock: readTokenFx.doneData,
  filter: (result) => !result.ok && result.error.kind !== 'cancelled',
  fn: (result): LockMessage => ({ key: result.ok ? 'platform:errors.failed' : result.error.messageKey }),
  target: $unlockMessage,
});

// The server's answer, for either way.
const answered = sample({
  clock: [unlockMutation.finished.success, unlockBiometricMutation.finished.success],
  fn: ({ result }): AppLockResult => result,
});
sample({ clock: answered, filter: (r) => r.result === 'ok', target: unlocked });
sample({ clock: answered, filter: (r) => r.result === 'ok' && r.status !== null, fn: (r) => r.status!, target: lockStatusAnswered });
sample({ clock: answered, filter: (r) => r.result === 'session_ended', target: lastTryEndedSession });
sample({
  clock: unlockMutation.finished.success,
  filter: ({ result }) => result.result === 'wrong',
  fn: ({ result }): LockMessage => ({ key: `${appLockTexts.ns}:unlock.wrong`, values: { count: result.triesLeft } }),
  target: $unlockMessage,
});
// The server does not know this device's token (biometry turned off elsewhere, lock set anew): off on this device.
const biometricWrong = sample({ clock: unlockBiometricMutation.finished.success, filter: ({ result }) => result.result === 'wrong' });
sample({ clock: biometricWrong, target: forgetDeviceFx });
sample({
  clock: biometricWrong,
  fn: ({ result }): LockMessage => ({ key: `${appLockTexts.ns}:biometry.notAccepted`, values: { count: result.triesLeft } }),
  target: $unlockMessage,
});
$unlockPasscode.on(answered, () => '');
sample({
  clock: [unlockMutation.finished.failure, unlockBiometricMutation.finished.failure],
  fn: (): LockMessage => ({ key: `${appLockTexts.ns}:unlock.failed` }),
  target: $unlockMessage,
});
