/**
 * Telegram's SecureStorage (the device keychain/keystore) and DeviceStorage (the client's own persistent
 * storage), Bot API 9.0. SDK 3.11 has no wrapper for them, so they go through the SDK's bridge `request`
 * with the methods and events Telegram documents (web_app_secure_storage_* / web_app_device_storage_*).
 * Both survive a restart of the Telegram client, unlike the webview's localStorage on Telegram Desktop.
 */
import { createRequestId, request, supports, type EventName, type MethodName } from '@telegram-apps/sdk-react';
import { fail, ok, settle, type BridgeResult } from '../bridge-result';
import { runtime } from '../state';

export type DeviceStoreKind = 'secure' | 'device';

const TIMEOUT_MS = 5000;
const KEY = /^[A-Za-z0-9_.-]{1,128}$/;

const METHODS = {
  secure: {
    get: 'web_app_secure_storage_get_key',
    save: 'web_app_secure_storage_save_key',
    received: 'secure_storage_key_received',
    saved: 'secure_storage_key_saved',
    failed: 'secure_storage_failed',
  },
  device: {
    get: 'web_app_device_storage_get_key',
    save: 'web_app_device_storage_save_key',
    received: 'device_storage_key_received',
    saved: 'device_storage_key_saved',
    failed: 'device_storage_failed',
  },
} as const;

/** True when the running client has this storage (9.0+); false before init and outside Telegram. */
export function isDeviceStoreSupported(kind: DeviceStoreKind): boolean {
  const version = runtime.initialized ? runtime.launchParams?.version : undefined;
  return version !== undefined && supports(METHODS[kind].get as MethodName, version);
}

interface Answer {
  event: string;
  payload: { req_id?: string; value?: string | null; error?: string };
}

/** One request/answer round trip matched by req_id; the failed event becomes an error result. */
async function call(kind: DeviceStoreKind, method: 'get' | 'save', params: Record<string, unknown>): Promise<BridgeResult<Answer>> {
  if (!runtime.initialized) return fail('outside');
  if (!isDeviceStoreSupported(kind)) return fail('unsupported');
  const names = METHODS[kind];
  const reqId = createRequestId();
  const answered = names[method === 'get' ? 'received' : 'saved'];
  let event = '';
  const run = request as unknown as (
    method: string,
    events: string[],
    options: { params: unknown; timeout: number; capture: (answer: { event: EventName; payload?: { req_id?: string } }) => boolean },
  ) => PromiseLike<Answer['payload']>;
  const result = await settle(() =>
    run(names[method], [answered, names.failed], {
      params: { req_id: reqId, ...params },
      timeout: TIMEOUT_MS,
      capture: (answer) => {
        if (answer.payload?.req_id !== reqId) return false;
        event = answer.event;
        return true;
      },
    }),
  );
  if (!result.ok) return result;
  if (event === names.failed) {
    const code = result.value?.error ?? '';
    return fail(/UNSUPPORTED/i.test(code) ? 'unsupported' : 'failed', undefined, code || undefined);
  }
  return ok({ event, payload: result.value ?? {} });
}

function store(kind: DeviceStoreKind) {
  return {
    kind,
    /** The stored value, or null when there is none. */
    async getItem(key: string): Promise<BridgeResult<string | null>> {
      if (!KEY.test(key)) return fail('invalid');
      const answer = await call(kind, 'get', { key });
      return answer.ok ? ok(answer.value.payload.value ?? null) : answer;
    },
    /** Stores `value` under `key`; `null` removes the key. */
    async setItem(key: string, value: string | null): Promise<BridgeResult<void>> {
      if (!KEY.test(key)) return fail('invalid');
      const answer = await call(kind, 'save', { key, value });
      return answer.ok ? ok(undefined) : answer;
    },
  };
}

export type DeviceStore = ReturnType<typeof store>;

/** SecureStorage: the device keychain (iOS Keychain, Android Keystore). */
export const secureStorage: DeviceStore = store('secure');
/** DeviceStorage: the Telegram client's persistent local storage (not encrypted). */
export const deviceStorage: DeviceStore = store('device');
