/**
 * Development stand-in for the Telegram client (SPEC §1: outside Telegram the app runs on a mock,
 * version 6.7 by default). It installs launch params with realistic, well-formed init data, answers
 * the requests the SDK waits for (theme, viewport, safe areas: without these viewport.mount() hangs
 * on ios/android) and records every bridge call in `window.__tgMockCalls` for tests and the console.
 *
 * Interactive answers (popup, QR scanner, invoice, contact, biometry, write access, home screen, shared messages) use the browser's
 * confirm/prompt in development; in tests (`interactive: false`) they are left unanswered so a test
 * can emit the answer event itself.
 */
import { emitEvent, mockTelegramEnv } from '@telegram-apps/sdk-react';
import type { MockConfig } from './mock-config';
import type { MockChrome } from './mock-chrome';
import type { MockBiometry } from './mock-answers';
import { MOCK_THEMES } from './mock-theme';

interface MockCall {
  method: string;
  params: unknown;
  at: number;
  /** performance.now() at the call: the page's own clock, which its resource and paint timings use (startup measurement). */
  now: number;
}

declare global {
  interface Window {
    /** Bridge calls the mock received (development and tests only). */
    __tgMockCalls?: MockCall[];
    /** Events the mock sent the app, in order (development and tests only): checked against Telegram's own script. */
    __tgMockEvents?: Array<{ event: string; payload: unknown }>;
    /**
     * Sends a Telegram event to the app as the client would (development and tests only), e.g.
     * `__tgMockEmit('visibility_changed', { is_visible: false })` (the app going to the background; `true`: back).
     */
    __tgMockEmit?: (event: string, payload?: unknown) => void;
  }
}

export const MOCK_USER_ID = 777000111;

/** Base64url of `bytes` random-looking bytes (deterministic per seed, no crypto needed). */
function fakeBase64Url(bytes: number, seed: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let state = seed >>> 0 || 1;
  let out = '';
  const length = Math.ceil((bytes * 8) / 6);
  for (let i = 0; i < length; i += 1) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    out += alphabet[state % 64];
  }
  return out;
}

function fakeHex(length: number, seed: number): string {
  let state = seed >>> 0 || 7;
  let out = '';
  for (let i = 0; i < length; i += 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    out += (state >>> 28).toString(16);
  }
  return out;
}

function browserLanguage(): string {
  const language = globalThis.navigator?.language ?? 'en';
  return language.split('-')[0]?.toLowerCase() || 'en';
}

/**
 * The tgWebAppData query string of the mock: user, auth_date, hash (64 hex) and an Ed25519-sized
 * base64url signature (86 chars). Fake values: a real server rejects them, a dev server accepts them.
 */
function buildMockInitData(config: MockConfig, now = Date.now()): string {
  const authDate = Math.floor(now / 1000);
  const params = new URLSearchParams();
  params.set('query_id', `AAH${fakeBase64Url(16, authDate)}`);
  params.set(
    'user',
    JSON.stringify({
      id: MOCK_USER_ID,
      first_name: 'Dev',
      last_name: 'User',
      username: 'dev_user',
      language_code: browserLanguage(),
      is_premium: false,
      allows_write_to_pm: true,
      photo_url: 'https://t.me/i/userpic/320/dev_user.svg',
    }),
  );
  params.set('chat_instance', '-7713957261283719451');
  params.set('chat_type', 'sender');
  if (config.startParam) params.set('start_param', config.startParam);
  params.set('auth_date', String(authDate));
  params.set('signature', fakeBase64Url(64, authDate ^ 0x5f3759df));
  params.set('hash', fakeHex(64, authDate));
  return params.toString();
}

/** The launch params query string the mock installs (same shape Telegram puts in the URL hash). */
function buildMockLaunchParams(config: MockConfig, now = Date.now()): string {
  const params = new URLSearchParams();
  params.set('tgWebAppData', buildMockInitData(config, now));
  params.set('tgWebAppPlatform', config.platform);
  params.set('tgWebAppVersion', config.version);
  params.set('tgWebAppThemeParams', JSON.stringify(MOCK_THEMES[config.theme]));
  if (config.startParam) params.set('tgWebAppStartParam', config.startParam);
  return params.toString();
}

export interface InstallMockOptions {
  /** Answer popups/QR/invoice/contact/biometry with confirm()/prompt(). Default: not in tests. */
  interactive?: boolean;
}

/** Bridge calls the mock's Telegram chrome (mock-chrome.ts) answers. */
const CHROME_METHODS = new Set([
  'web_app_setup_back_button',
  'web_app_setup_settings_button',
  'web_app_setup_main_button',
  'web_app_setup_secondary_button',
  'web_app_request_viewport',
]);

/** The calls mock-answers.ts answers (none of them made before a first screen is usable). */
const LAZY_ANSWERS =
  /^web_app_(open_link|open_tg_link|open_popup|open_scan_qr_popup|open_invoice|request_phone|invoke_custom_method|biometry_request_access|biometry_request_auth|biometry_update_token|request_file_download|check_location|request_location|request_write_access|check_home_screen|add_to_home_screen|send_prepared_message)$/;

function isInteractiveDefault(): boolean {
  return import.meta.env?.MODE !== 'test' && typeof window.confirm === 'function';
}

/** Emits a Telegram event to the app a tick later, like a native client would (recorded in `__tgMockEvents`). */
function reply(event: string, payload?: unknown): void {
  (window.__tgMockEvents ??= []).push({ event, payload });
  queueMicrotask(() => {
    (emitEvent as (event: string, payload: unknown) => void)(event, payload);
  });
}

function record(method: string, params: unknown): void {
  (window.__tgMockCalls ??= []).push({ method, params, at: Date.now(), now: performance.now() });
}

/** Installs the mock. Returns the raw launch params string it installed. */
export function installTelegramMock(config: MockConfig, options: InstallMockOptions = {}): string {
  const interactive = options.interactive ?? isInteractiveDefault();
  const launchParams = buildMockLaunchParams(config);
  const theme = MOCK_THEMES[config.theme];
  const zeroInsets = { top: 0, bottom: 0, left: 0, right: 0 };
  let answers: Promise<(method: string, params: Record<string, unknown>) => void> | undefined;
  // Read at start (biometry info, cloud storage): answered here; the rest from the lazy mock-answers.ts.
  const biometry: MockBiometry = { access_requested: false, access_granted: false, token_saved: false, token: '' };

  window.__tgMockEmit = (event, payload) => reply(event, payload);

  window.__tgMockCalls = [];
  // Lazy chunks of their own (bundle budget): the chrome only with tgMockChrome=telegram, the storages on 9.0+.
  const chrome: Promise<MockChrome> | undefined =
    config.chrome === 'telegram' ? import('./mock-chrome').then(({ installMockChrome }) => installMockChrome(reply)) : undefined;
  mockTelegramEnv({
    launchParams,
    resetPostMessage: true,
    onEvent(event) {
      const [method, raw] = event as [string, unknown];
      const params = (raw ?? {}) as Record<string, unknown>;
      record(method, raw);
      if (chrome && CHROME_METHODS.has(method)) {
        void chrome.then((drawn) => drawn.handle(method, params));
        return;
      }
      if (/^web_app_(secure|device)_storage_/.test(method)) {
        void import('./mock-device-storage').then(({ answerDeviceStorage }) => answerDeviceStorage(method, params, reply));
        return;
      }
      switch (method) {
        case 'web_app_request_theme':
          return reply('theme_changed', { theme_params: theme });
        case 'web_app_request_viewport':
          return reply('viewport_changed', {
            height: window.innerHeight,
            width: window.innerWidth,
            is_expanded: true,
            is_state_stable: true,
          });
        case 'web_app_request_safe_area':
          return reply('safe_area_changed', zeroInsets);
        case 'web_app_request_content_safe_area':
          return reply('content_safe_area_changed', zeroInsets);
        case 'web_app_biometry_get_info': {
          const { token: _token, ...flags } = biometry;
          return reply('biometry_info_received', { available: true, type: 'face', device_id: 'mock-device', ...flags });
        }
        default:
          break;
      }
      // Links, popups, QR, invoice, cloud storage, contact, biometry requests, downloads, location, write access, the home
      // screen, prepared messages: a lazy chunk of its own, fetched on the first such call (the dev mock path of the
      // bundle budget). Other calls (ready, colours, buttons, swipes, orientation…) need no answer.
      if (!LAZY_ANSWERS.test(method)) return;
      answers ??= import('./mock-answers').then(({ createMockAnswers }) => createMockAnswers(interactive, reply, { userId: MOCK_USER_ID, fakeHex, biometry }));
      void answers.then((answer) => answer(method, params));
    },
  });
  return launchParams;
}
