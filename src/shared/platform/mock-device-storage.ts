/**
 * The mock's SecureStorage and DeviceStorage (Bot API 9.0; the SDK only lets the app call them on 9.0+).
 * MOCK-ONLY STORE: values live in sessionStorage under `platform.mock-secure-storage` and
 * `platform.mock-device-storage`, so they survive a reload and `localStorage.clear()` in the same tab, the way
 * the device keychain survives Telegram Desktop losing the webview's localStorage. Never used in Telegram.
 */

type Reply = (event: string, payload?: unknown) => void;

export const MOCK_STORAGE_KEYS = {
  secure: 'platform.mock-secure-storage',
  device: 'platform.mock-device-storage',
} as const;

type Kind = keyof typeof MOCK_STORAGE_KEYS;

function load(kind: Kind): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(MOCK_STORAGE_KEYS[kind]) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function save(kind: Kind, values: Record<string, string>): boolean {
  try {
    sessionStorage.setItem(MOCK_STORAGE_KEYS[kind], JSON.stringify(values));
    return true;
  } catch {
    return false;
  }
}

/** Answers web_app_secure_storage_* / web_app_device_storage_* calls; true when `method` was one of them. */
export function answerDeviceStorage(method: string, params: Record<string, unknown>, reply: Reply): boolean {
  const match = /^web_app_(secure|device)_storage_(get_key|save_key|clear|restore_key)$/.exec(method);
  if (!match) return false;
  const kind = match[1] as Kind;
  const action = match[2];
  const reqId = params.req_id;
  const values = load(kind);
  const failed = (error: string) => reply(`${kind}_storage_failed`, { req_id: reqId, error });
  switch (action) {
    case 'get_key': {
      const value = values[String(params.key)] ?? null;
      reply(`${kind}_storage_key_received`, kind === 'secure' ? { req_id: reqId, value, can_restore: false } : { req_id: reqId, value });
      return true;
    }
    case 'save_key': {
      const key = String(params.key);
      if (params.value === null || params.value === undefined) delete values[key];
      else values[key] = String(params.value);
      if (save(kind, values)) reply(`${kind}_storage_key_saved`, { req_id: reqId });
      else failed('QUOTA_EXCEEDED');
      return true;
    }
    case 'clear':
      save(kind, {});
      reply(`${kind}_storage_cleared`, { req_id: reqId });
      return true;
    default:
      // restore_key: nothing was ever lost on the mock.
      failed('KEY_NOT_FOUND');
      return true;
  }
}
