/**
 * Boot of the Telegram platform: detect the environment, install the dev mock outside Telegram,
 * validate launch params, init the SDK, mount the components the product uses and bind CSS vars.
 * initPlatform() never throws; markReady() tells Telegram the first screen is usable.
 * The dev mock (mock-setup.ts) is a lazy chunk, loaded only outside Telegram.
 */
import {
  backButton,
  closingBehavior,
  init as initSdk,
  isTMA,
  miniApp,
  postEvent,
  retrieveRawLaunchParams,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react';
import { bindThemeCssVars, bindViewportCssVars, unbindCssVars } from './css-vars';
import { parseLaunchParams, type LaunchParams, type LaunchParamsIssue } from './launch-params';
import type { MockConfig } from './mock-config';
import { resetRuntime, runtime } from './state';

/** SPEC §9: bridge environment detection timeout. */
const DETECT_TIMEOUT_MS = 100;

export interface InitPlatformOptions {
  /** Use the mock without detecting Telegram (tests, Storybook-like setups). */
  forceMock?: boolean;
  /** Mock settings that win over query parameters, sessionStorage and env vars. */
  mock?: Partial<MockConfig>;
  /** Let the mock answer popups/QR/invoice with confirm()/prompt(). Default: not in tests. */
  mockInteractive?: boolean;
  /** How long to wait for Telegram to answer the environment probe. Default 100 ms. */
  detectTimeoutMs?: number;
  /** Upper bound for viewport.mount() (it waits for `viewport_changed` on mobile). Default 1500 ms. */
  viewportTimeoutMs?: number;
  /** Expand the mini app to full height inside Telegram. Default true. */
  expand?: boolean;
}

export type PlatformState =
  | {
      ok: true;
      launchParams: LaunchParams;
      isMock: boolean;
      platform: string;
      version: string;
      /** tgWebAppData exactly as received (made up on the mock: send getInitDataForServer() to the API, not this). */
      rawInitData: string;
    }
  | { ok: false; isMock: boolean; issues: LaunchParamsIssue[] };

let booting: Promise<PlatformState> | undefined;
let mockModule: Promise<typeof import('./mock-setup')> | undefined;
let readySent = false;
let insideTelegram = false;

/** The dev mock is a lazy chunk: only pages that run outside Telegram download it. */
function loadMock(): Promise<typeof import('./mock-setup')> {
  mockModule ??= import('./mock-setup');
  return mockModule;
}

/**
 * No Telegram client can talk to this page: no webview proxy (mobile, desktop) and not in an iframe (web
 * clients). Then detection will say "outside", so the mock chunk is fetched while detection runs.
 * Only a prefetch: detection still decides, and inside Telegram this is false.
 */
function cannotBeTelegram(): boolean {
  try {
    return !('TelegramWebviewProxy' in window) && window.parent === window;
  } catch {
    return false;
  }
}

async function detectTelegram(timeoutMs: number): Promise<boolean> {
  try {
    return await isTMA('complete', { timeout: timeoutMs });
  } catch {
    return false;
  }
}

function issue(path: string, error: unknown, fallback: string): LaunchParamsIssue[] {
  const detail = error instanceof Error && error.message ? `: ${error.message.split('\n')[0]}` : '';
  return [{ path, message: `${fallback}${detail}` }];
}

async function mountComponents(options: InitPlatformOptions): Promise<void> {
  // miniApp.mountSync also mounts themeParams; the explicit call covers versions without miniApp.
  miniApp.mountSync.ifAvailable();
  themeParams.mountSync.ifAvailable();
  backButton.mount.ifAvailable();
  closingBehavior.mount.ifAvailable();
  // swipeBehavior is NOT mounted: in SDK 3.11 mount() turns vertical swipes off as a side effect.
  bindThemeCssVars();

  if (viewport.mount.isAvailable() && !viewport.isMounted()) {
    const timeout = options.viewportTimeoutMs ?? 1500;
    try {
      await viewport.mount({ timeout });
    } catch {
      // A client that never answers must not block the app: CSS fallbacks cover the insets.
    }
  }
  if (viewport.isMounted()) bindViewportCssVars();
  if ((options.expand ?? true) && !runtime.isMock) viewport.expand.ifAvailable();
}

async function boot(options: InitPlatformOptions): Promise<PlatformState> {
  if (options.forceMock || cannotBeTelegram()) loadMock().catch(() => undefined);
  const inTelegram = options.forceMock ? false : await detectTelegram(options.detectTimeoutMs ?? DETECT_TIMEOUT_MS);
  insideTelegram = inTelegram;
  const isMock = !inTelegram;
  runtime.isMock = isMock;
  runtime.nativeChrome = inTelegram; // the mock may turn it on (tgMockChrome=telegram)

  let raw: string;
  try {
    raw = inTelegram
      ? retrieveRawLaunchParams()
      : (await loadMock()).setUpTelegramMock(
          options.mock,
          options.mockInteractive === undefined ? {} : { interactive: options.mockInteractive },
        );
  } catch (error) {
    return { ok: false, isMock, issues: issue('(root)', error, 'Telegram launch parameters could not be read') };
  }

  const parsed = parseLaunchParams(raw);
  if (!parsed.ok) return { ok: false, isMock, issues: parsed.issues };

  const rawInitData = new URLSearchParams(raw).get('tgWebAppData') ?? '';
  runtime.launchParams = parsed.value;
  runtime.rawInitData = rawInitData;

  try {
    initSdk();
    runtime.initialized = true;
  } catch (error) {
    return { ok: false, isMock, issues: issue('(sdk)', error, 'The Telegram SDK could not start') };
  }

  try {
    await mountComponents(options);
  } catch {
    // Mount problems degrade single features; wrappers report them when used.
  }

  return {
    ok: true,
    launchParams: parsed.value,
    isMock,
    platform: parsed.value.platform,
    version: parsed.value.version,
    rawInitData,
  };
}

/**
 * Starts the platform once per page (later calls return the same promise). Never throws:
 * `{ ok: false, issues }` means the launch params are invalid and the app should show its
 * launch error screen.
 */
export function initPlatform(options: InitPlatformOptions = {}): Promise<PlatformState> {
  booting ??= boot(options).catch(
    (error: unknown): PlatformState => ({
      ok: false,
      isMock: runtime.isMock,
      issues: issue('(root)', error, 'The platform failed to start'),
    }),
  );
  return booting;
}

/** Tells Telegram the first screen is usable (hides its loading placeholder). Idempotent. */
export function markReady(): void {
  if (readySent) return;
  try {
    if (runtime.initialized) {
      const [called] = miniApp.ready.ifAvailable();
      readySent = called;
    } else if (insideTelegram) {
      // Even the launch-error screen must become visible inside Telegram.
      postEvent('web_app_ready');
      readySent = true;
    }
  } catch {
    // nothing to do: Telegram shows the page after its own timeout
  }
}

let nativeLookStarted = false;

/**
 * Portrait lock on phones and Telegram's chrome in the app's colours (capabilities/native-look.ts, a chunk of its own),
 * once Telegram shows the app (markReady): the app starts it once its first screen's paint has been presented, so its
 * download does not compete with that screen (app/router `useScreenShown`). Idempotent; nothing outside the SDK's runtime.
 */
export function startNativeLook(): void {
  if (nativeLookStarted || !readySent || !runtime.initialized) return;
  nativeLookStarted = true;
  void import('./capabilities/native-look').then((look) => look.applyNativeLook()).catch(() => undefined);
}

/** Validated launch params, once initPlatform() succeeded. */
function getLaunchParams(): LaunchParams | undefined {
  return runtime.launchParams;
}

/** tgWebAppData exactly as received (on the mock: the made-up one). For the API use getInitDataForServer(). */
export function getRawInitData(): string | undefined {
  return runtime.rawInitData;
}

/**
 * The init data to send to the API in `X-Telegram-Init-Data`: the raw tgWebAppData inside Telegram, undefined
 * on the development mock. The mock's init data is made up (fake hash and signature): sent as if real, a server
 * with TELEGRAM_BOT_TOKEN refuses it and nobody could sign in from a plain browser (docs/platform.md).
 */
export function getInitDataForServer(): string | undefined {
  if (runtime.isMock) return undefined;
  return runtime.rawInitData || undefined;
}

/**
 * `<platform>/<version>` of the Telegram client from the launch parameters, for the sessions list (sent in
 * `X-Telegram-Client`); undefined on the development mock (it is not a Telegram client).
 */
export function getTelegramClientForServer(): string | undefined {
  if (runtime.isMock || !runtime.launchParams) return undefined;
  return `${runtime.launchParams.platform}/${runtime.launchParams.version}`;
}

/** The Telegram user's language_code (e.g. "ru"), for language detection. */
export function getTelegramLanguageCode(): string | undefined {
  return runtime.launchParams?.initData.user.languageCode;
}

/** The start parameter (`startapp`), used for referral promo codes. */
export function getStartParam(): string | undefined {
  const params = runtime.launchParams;
  return params?.startParam ?? params?.initData.startParam;
}

/** True when running on the development mock. */
export function isMockEnvironment(): boolean {
  return runtime.isMock;
}

/** Test helper: allows initPlatform() to run again. Does not undo the SDK's own state. */
export function resetPlatformForTests(): void {
  booting = undefined;
  readySent = false;
  nativeLookStarted = false;
  insideTelegram = false;
  unbindCssVars();
  resetRuntime();
}
