/**
 * Whether the client has a capability, for boot (small on purpose: getPlatformInfo()'s whole table and the storages'
 * code stay off the first screens, docs/performance.md "Bundle budget").
 */
import { supports, type MethodName } from '@telegram-apps/sdk-react';
import { runtime } from '../state';

const has = (method: MethodName): boolean => {
  const version = runtime.initialized ? runtime.launchParams?.version : undefined;
  return version !== undefined && supports(method, version);
};

/** Telegram Cloud Storage (6.9+). */
export const isCloudStorageSupported = (): boolean => has('web_app_invoke_custom_method');

/** SecureStorage (9.0+): where a kept session may be. */
export const isSecureStorageSupported = (): boolean => has('web_app_secure_storage_get_key');
