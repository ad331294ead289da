/**
 * The app lock in Settings: set a passcode (twice), change it (the current one, then the new one twice), turn it off
 * (the current one), the inactivity time, biometric unlock on this device, and "Lock now".
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { lockRequested } from '@/entities/app-lock';
import type { AppLockResult, AutoLockSeconds } from '@/shared/contract';
import { i18n } from '@/shared/i18n';
import { getPlatformInfo, readBiometricToken, removeBiometricToken, saveBiometricToken } from '@/shared/platform';
import { autoLockMutation, biometryAddMutation, biometryRemoveMutation, setPasscodeMutation, turnOffMutation } from '../api/app-lock-api';
import { loadLockStatusFx } from '../api/lock-status';
import { forgetBiometryOnDevice, newUnlockToken, readBiometryOnDevice, rememberBiometryOnDevice } from './biometry-device';
import { $lockStatus, $lockStatusFailed, lockStatusAnswered } from './sync';
import { PASSCODE_PATTERN, type LockMessage } from './unlock';
import { appLockTexts } from '../i18n/texts';
import { lastTryEndedSession } from './session-ended';

/** 'biometry': turning biometric unlock on for this device asks for the passcode (the server checks it). */
export type LockFormMode = 'idle' | 'set' | 'change' | 'off' | 'biometry';
export type LockField = 'current' | 'next' | 'repeat';

export const lockSettingsOpened = createEvent();
export const lockFormOpened = createEvent<Exclude<LockFormMode, 'idle'>>();
export const lockFormClosed = createEvent();
export const lockFieldChanged = createEvent<{ field: LockField; value: string }>();
export const lockFormSubmitted = createEvent();
export const autoLockChanged = createEvent<AutoLockSeconds>();
export const biometryToggled = createEvent<boolean>();
export const lockNowClicked = createEvent();

export const $lockFormMode = createStore<LockFormMode>('idle');
export const $lockFields = createStore<Record<LockField, string>>({ current: '', next: '', repeat: '' });
/** Error of one field, or of the form (`field: null`). */
export const $lockFormError = createStore<{ field: LockField | null; message: LockMessage } | null>(null);
export const $lockFormPending = createStore(false);
export { $lockStatus, $lockStatusFailed };
/** Biometric unlock possible on this client (Telegram 7.2+). */
export const $biometrySupported = createStore(false);
/** Biometric unlock turned on on this device. */
export const $biometryOnDevice = createStore(false);
export const $biometryPendingInSettings = createStore(false);
export const $biometryError = createStore<LockMessage | null>(null);

// Biometry on this device: a new random token into Telegram's biometric storage, its hash to the server with the
// passcode (the server registers a token only with it: a bearer token alone is not enough).
const enableBiometryFx = createEffect(async (passcode: string) => {
  const token = newUnlockToken();
  const saved = await saveBiometricToken(token, i18n.t(`${appLockTexts.ns}:biometry.enableReason`));
  if (!saved.ok) throw saved.error;
  return { biometricToken: token, passcode };
});
const readDeviceFx = createEffect(() => ({ supported: getPlatformInfo().features.biometry, on: readBiometryOnDevice() }));
sample({ clock: lockSettingsOpened, target: [readDeviceFx, loadLockStatusFx] });
$biometrySupported.on(readDeviceFx.doneData, (_, { supported }) => supported);
$biometryOnDevice.on(readDeviceFx.doneData, (_, { on }) => on);

$lockFormMode.on(lockFormOpened, (_, mode) => mode).reset(lockFormClosed, lockSettingsOpened);
$lockFields
  .on(lockFieldChanged, (fields, { field, value }) => ({ ...fields, [field]: value.replace(/\D/g, '').slice(0, 6) }))
  .reset(lockFormOpened, lockFormClosed, lockSettingsOpened);
$lockFormError.reset(lockFormOpened, lockFormClosed, lockFieldChanged, lockSettingsOpened);

/** What is wrong with the form before any call, or null. */
function check(mode: LockFormMode, fields: Record<LockField, string>): { field: LockField; message: LockMessage } | null {
  if (mode !== 'set' && !PASSCODE_PATTERN.test(fields.current)) return { field: 'current', message: { key: `${appLockTexts.ns}:passcode.invalid` } };
  if (mode === 'off' || mode === 'biometry') return null;
  if (!PASSCODE_PATTERN.test(fields.next)) return { field: 'next', message: { key: `${appLockTexts.ns}:passcode.invalid` } };
  if (fields.repeat !== fields.next) return { field: 'repeat', message: { key: `${appLockTexts.ns}:passcode.mismatch` } };
  return null;
}

const submitted = sample({ clock: lockFormSubmitted, source: { mode: $lockFormMode, fields: $lockFields, pending: $lockFormPending }, filter: ({ pending }) => !pending });
sample({
  clock: submitted,
  filter: ({ mode, fields }) => check(mode, fields) !== null,
  fn: ({ mode, fields }) => check(mode, fields),
  target: $lockFormError,
});
const valid = sample({ clock: submitted, filter: ({ mode, fields }) => mode !== 'idle' && check(mode, fields) === null });
sample({
  clock: valid,
  filter: ({ mode }) => mode === 'set' || mode === 'change',
  fn: ({ mode, fields }) => ({ body: mode === 'set' ? { passcode: fields.next } : { passcode: fields.next, currentPasscode: fields.current } }),
  target: setPasscodeMutation.start,
});
sample({ clock: valid, filter: ({ mode }) => mode === 'off', fn: ({ fields }) => ({ body: { passcode: fields.current } }), target: turnOffMutation.start });
// Biometry on this device: the passcode typed, then a new token into Telegram's biometric storage, then both to the server.
sample({ clock: valid, filter: ({ mode }) => mode === 'biometry', fn: ({ fields }) => fields.current, target: enableBiometryFx });
$lockFormPending
  .on([setPasscodeMutation.start, turnOffMutation.start, enableBiometryFx], () => true)
  .on([setPasscodeMutation.finished.finally, turnOffMutation.finished.finally, enableBiometryFx.fail, biometryAddMutation.finished.finally], () => false);

const formAnswered = sample({
  clock: [setPasscodeMutation.finished.success, turnOffMutation.finished.success, biometryAddMutation.finished.success],
  fn: ({ result }): AppLockResult => result,
});
sample({ clock: formAnswered, filter: (r) => r.result === 'ok', target: lockFormClosed });
sample({ clock: formAnswered, filter: (r) => r.result === 'ok' && r.status !== null, fn: (r) => r.status!, target: lockStatusAnswered });
sample({ clock: formAnswered, filter: (r) => r.result === 'session_ended', target: lastTryEndedSession });
sample({
  clock: formAnswered,
  filter: (r) => r.result === 'wrong',
  fn: (r) => ({ field: 'current' as const, message: { key: `${appLockTexts.ns}:unlock.wrong`, values: { count: r.triesLeft } } }),
  target: $lockFormError,
});
$lockFields.on(formAnswered, (fields, r) => (r.result === 'wrong' ? { ...fields, current: '' } : fields));
sample({
  clock: [setPasscodeMutation.finished.failure, turnOffMutation.finished.failure, biometryAddMutation.finished.failure],
  fn: () => ({ field: null, message: { key: `${appLockTexts.ns}:settings.failed` } }),
  target: $lockFormError,
});
// Turned off: biometric tokens are gone on the server; forget them here too.
const removeLocalBiometryFx = createEffect(async () => {
  forgetBiometryOnDevice();
  await removeBiometricToken();
});
sample({ clock: turnOffMutation.finished.success, filter: ({ result }) => result.result === 'ok', target: removeLocalBiometryFx });
$biometryOnDevice.on(removeLocalBiometryFx.done, () => false);

// Inactivity time.
sample({ clock: autoLockChanged, fn: (autoLockSeconds) => ({ body: { autoLockSeconds } }), target: autoLockMutation.start });
sample({ clock: autoLockMutation.finished.success, fn: ({ result }) => result, target: lockStatusAnswered });

const disableBiometryFx = createEffect(async () => {
  const read = await readBiometricToken(i18n.t(`${appLockTexts.ns}:biometry.disableReason`));
  if (!read.ok) throw read.error;
  forgetBiometryOnDevice();
  await removeBiometricToken();
  return read.value;
});
const rememberDeviceFx = createEffect(() => rememberBiometryOnDevice());

sample({ clock: biometryToggled, filter: (on) => on, fn: () => 'biometry' as const, target: lockFormOpened });
sample({ clock: biometryToggled, filter: (on) => !on, target: disableBiometryFx });
sample({ clock: enableBiometryFx.doneData, fn: (body) => ({ body }), target: biometryAddMutation.start });
sample({ clock: biometryAddMutation.finished.success, filter: ({ result }) => result.result === 'ok', target: rememberDeviceFx });
$biometryOnDevice.on(rememberDeviceFx.done, () => true).on(disableBiometryFx.done, () => false);
sample({
  clock: disableBiometryFx.doneData,
  filter: (token): token is string => token !== null,
  fn: (biometricToken) => ({ body: { biometricToken: biometricToken! } }),
  target: biometryRemoveMutation.start,
});
sample({ clock: biometryRemoveMutation.finished.success, fn: ({ result }) => result, target: lockStatusAnswered });
$biometryPendingInSettings
  .on([enableBiometryFx, disableBiometryFx], () => true)
  .on([enableBiometryFx.fail, disableBiometryFx.finally, biometryAddMutation.finished.finally], () => false);
// Telegram refused to keep the token (or the user cancelled): the form closes with the reason below the switch.
sample({ clock: enableBiometryFx.fail, target: lockFormClosed });
$biometryError
  .on([enableBiometryFx.fail, disableBiometryFx.fail], (_, { error }) => {
    const kind = (error as { kind?: string }).kind;
    return kind === 'cancelled' ? null : { key: (error as { messageKey?: string }).messageKey ?? `${appLockTexts.ns}:settings.failed` };
  })
  .reset(biometryToggled, lockSettingsOpened);

sample({ clock: lockNowClicked, target: lockRequested });
