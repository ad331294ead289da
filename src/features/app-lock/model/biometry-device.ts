/**
 * Whether THIS device has biometric unlock on (a flag in localStorage: `tgwallet.appLock.biometry`, never the token).
 * The unlock token itself lives only in Telegram's biometric storage (docs/platform.md "App lock").
 */
const BIOMETRY_DEVICE_KEY = 'tgwallet.appLock.biometry';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const readBiometryOnDevice = (): boolean => storage()?.getItem(BIOMETRY_DEVICE_KEY) === '1';
export const rememberBiometryOnDevice = (): void => storage()?.setItem(BIOMETRY_DEVICE_KEY, '1');
export const forgetBiometryOnDevice = (): void => storage()?.removeItem(BIOMETRY_DEVICE_KEY);

/** A fresh unlock token: 32 random bytes, base64url (43 characters). */
export function newUnlockToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
