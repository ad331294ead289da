import { appConfig } from '@/shared/config';

/** SPEC §9: "HTTP timeout setting is 10000 ms"; every request is aborted after it. */
export const REQUEST_TIMEOUT_MS = 10_000;

export interface ApiConfig {
  /** API origin, e.g. `https://api.example.com`. Empty string means same origin (dev server proxies /api). */
  baseUrl: string;
  /**
   * Returns the raw Telegram init data string (never a re-serialised object). It goes with every call in
   * the `X-Telegram-Init-Data` header; `undefined` (outside Telegram) skips the header.
   */
  getInitData: () => string | undefined;
  /** `<platform>/<version>` of the Telegram client (X-Telegram-Client, for the sessions list); undefined skips it. */
  getTelegramClient?: () => string | undefined;
  /**
   * The operator console's session (src/ops, docs/ops.md): how `auth: 'operator'` endpoints are sent. It calls `send`
   * with the operator's access token (and may call it once more with a renewed one after a 401). The Mini App never
   * sets it, so an operator endpoint is refused there before any request is made.
   */
  operatorSession?: OperatorSession;
}

export type OperatorSession = <T>(send: (accessToken: string | null) => Promise<T>) => Promise<T>;

let current: ApiConfig = {
  baseUrl: appConfig.apiBaseUrl,
  getInitData: () => undefined,
};

/** Called once by the app at boot. Fields left out keep their defaults (base URL from VITE_API_BASE_URL). */
export function configureApi(config: Partial<ApiConfig>): void {
  current = { ...current, ...config };
}

export function getApiConfig(): ApiConfig {
  return current;
}
