/** Biometric authentication (7.2+): Face ID / fingerprint before sensitive actions. */
import { biometry } from '@telegram-apps/sdk-react';
import { fail, ok, settle, withTimeout, type BridgeResult } from '../bridge-result';
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
