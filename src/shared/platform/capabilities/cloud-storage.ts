/** Telegram Cloud Storage (6.9+): small per-user key/value data synced across the user's devices. */
import { cloudStorage as sdkCloudStorage } from '@telegram-apps/sdk-react';
import { fail, settle, withTimeout, type BridgeResult } from '../bridge-result';
import { preflight } from './preflight';

const KEY = /^[A-Za-z0-9_-]{1,128}$/;
const MAX_VALUE_LENGTH = 4096;
const TIMEOUT_MS = 5000;

function invalidKey(key: string): BridgeResult<never> | undefined {
  return KEY.test(key) ? undefined : fail('invalid', 'platform:errors.cloudStorageKey');
}

export const cloudStorage = {
  /** The stored value, or '' when the key was never set. */
  async getItem(key: string): Promise<BridgeResult<string>> {
    const blocked = invalidKey(key) ?? preflight(sdkCloudStorage.getItem);
    if (blocked) return blocked;
    return settle(() => withTimeout(sdkCloudStorage.getItem(key), TIMEOUT_MS));
  },

  /** Stores `value` (up to 4096 characters) under `key` (1-128 of A-Z a-z 0-9 _ -). */
  async setItem(key: string, value: string): Promise<BridgeResult<void>> {
    const blocked =
      invalidKey(key) ??
      (value.length > MAX_VALUE_LENGTH ? fail('invalid', 'platform:errors.cloudStorageValue') : undefined) ??
      preflight(sdkCloudStorage.setItem);
    if (blocked) return blocked;
    return settle(async () => {
      await withTimeout(sdkCloudStorage.setItem(key, value), TIMEOUT_MS);
    });
  },

  /** Deletes `key`. */
  async removeItem(key: string): Promise<BridgeResult<void>> {
    const blocked = invalidKey(key) ?? preflight(sdkCloudStorage.deleteItem);
    if (blocked) return blocked;
    return settle(async () => {
      await withTimeout(sdkCloudStorage.deleteItem(key), TIMEOUT_MS);
    });
  },
};
