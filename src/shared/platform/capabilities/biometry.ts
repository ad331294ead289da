/** Biometric authentication (7.2+): Face ID / fingerprint before sensitive actions. */
import { biometry } from '@telegram-apps/sdk-react';
import { ERROR_MESSAGE_KEYS, fail, ok, settle, withTimeout, type BridgeResult } from '../bridge-result';
import { preflight } from './preflight';

export interface BiometryStatus {
  /** The device has biometrics configured. */
  available: boolean;
  /** 'face' | 'finger' | '' (unknown). */
  type: string;
  accessRequested: boolean;
  accessGranted: boolean;
  tokenSaved: boolean;
}

const MOUNT_TIMEOUT_MS = 3000;

async function ensureMounted(): Promise<BridgeResult<true>> {
  const blocked = preflight(biometry.mount);
  if (blocked) return blocked;
  if (biometry.isMounted()) return ok(true);
  const pending = biometry.isMounting() ? biometry.mountPromise() : biometry.mount(undefined);
  const mounted = await settle(() => withTimeout(Promise.resolve(pending), MOUNT_TIMEOUT_MS));
  return mounted.ok ? ok(true) : mounted;
}

function readStatus(): BiometryStatus {
  const { available, type, accessRequested, accessGranted, tokenSaved } = biometry.state();
  return { available, type, accessRequested, accessGranted, tokenSaved };
}

/** Current biometry state (mounts the component on first use). */
export async function getBiometryStatus(): Promise<BridgeResult<BiometryStatus>> {
  const mounted = await ensureMounted();
  return mounted.ok ? ok(readStatus()) : mounted;
}

/**
 * Asks for biometric confirmation. Requests access first when it was never granted.
 * Resolves `ok(true)` when authorised, `ok(false)` when the check failed (wrong face/finger).
 */
export async function authenticateWithBiometry(reason: string): Promise<BridgeResult<boolean>> {
  const mounted = await ensureMounted();
  if (!mounted.ok) return mounted;
  const status = readStatus();
  if (!status.available) return fail('unsupported', 'platform:errors.biometryUnavailable');

  if (!status.accessGranted) {
    const access = await settle(() => biometry.requestAccess({ reason }));
    if (!access.ok) return access;
    if (!access.value) return fail('cancelled', 'platform:errors.biometryDenied');
  }

  const auth = await settle(() => biometry.authenticate({ reason }));
  if (!auth.ok) return auth;
  return ok(auth.value.status === 'authorized');
}

/** Mounted, available and access granted (asked for once with `reason`). */
async function ensureAccess(reason: string): Promise<BridgeResult<true>> {
  const mounted = await ensureMounted();
  if (!mounted.ok) return mounted;
  const status = readStatus();
  if (!status.available) return fail('unsupported', 'platform:errors.biometryUnavailable');
  if (status.accessGranted) return ok(true);
  const access = await settle(() => biometry.requestAccess({ reason }));
  if (!access.ok) return access;
  return access.value ? ok(true) : fail('cancelled', 'platform:errors.biometryDenied');
}

/**
 * Saves `token` in Telegram's biometric storage on this device (the app lock's unlock token, docs/platform.md
 * "App lock"): Telegram keeps it behind the device's biometry and hands it back only after a successful check.
 */
export async function saveBiometricToken(token: string, reason: string): Promise<BridgeResult<true>> {
  const access = await ensureAccess(reason);
  if (!access.ok) return access;
  const saved = await settle(() => biometry.updateToken({ token, reason }));
  if (!saved.ok) return saved;
  return saved.value === 'updated' ? ok(true) : fail('failed', ERROR_MESSAGE_KEYS.failed, `token ${saved.value}`);
}

/** Asks for a biometric check and returns the token Telegram keeps for this app on this device (null: none saved). */
export async function readBiometricToken(reason: string): Promise<BridgeResult<string | null>> {
  const access = await ensureAccess(reason);
  if (!access.ok) return access;
  const auth = await settle(() => biometry.authenticate({ reason }));
  if (!auth.ok) return auth;
  if (auth.value.status !== 'authorized') return fail('cancelled');
  return ok(auth.value.token || null);
}

/** Removes this app's token from Telegram's biometric storage on this device. */
export async function removeBiometricToken(): Promise<BridgeResult<true>> {
  const mounted = await ensureMounted();
  if (!mounted.ok) return mounted;
  const removed = await settle(() => biometry.updateToken());
  return removed.ok ? ok(true) : removed;
}
