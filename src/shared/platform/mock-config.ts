/**
 * Settings of the development mock (used outside Telegram, SPEC §1: version 6.7).
 * Sources, strongest first: initPlatform options, query parameters, sessionStorage (so
 * client-side navigation and reloads keep them), Vite env vars, defaults.
 *
 * Query parameters: tgMockVersion=8.0, tgMockPlatform=ios, tgMockTheme=dark, tgWebAppStartParam=ABC,
 * tgMockChrome=telegram.
 * Env vars: VITE_TG_MOCK_VERSION, VITE_TG_MOCK_PLATFORM, VITE_TG_MOCK_THEME, VITE_TG_MOCK_CHROME.
 */

export type MockTheme = 'light' | 'dark';
/**
 * `browser` (default): the mock is "outside Telegram" (SPEC §1): page buttons and the in-page back arrow.
 * `telegram`: the mock plays a Telegram client's native chrome: it draws a header with the BackButton and a
 * bottom bar with the MainButton/SecondaryButton, and the app drives them as it does inside Telegram.
 */
type MockChrome = 'browser' | 'telegram';

export interface MockConfig {
  version: string;
  platform: string;
  theme: MockTheme;
  startParam?: string;
  chrome?: MockChrome;
}

const DEFAULT_MOCK_CONFIG: MockConfig = { version: '6.7', platform: 'tdesktop', theme: 'light', chrome: 'browser' };

const MOCK_CONFIG_STORAGE_KEY = 'platform.mock-config';

const KNOWN_PLATFORMS = ['android', 'android_x', 'ios', 'macos', 'tdesktop', 'weba', 'webk', 'web', 'unigram', 'unknown'];

type Partial_ = Partial<MockConfig>;

/** Keeps only valid values, so a typo in the URL falls back instead of breaking the mock. */
function clean(input: Record<string, unknown>): Partial_ {
  const out: Partial_ = {};
  const { version, platform, theme, startParam, chrome } = input;
  if (typeof version === 'string' && /^\d+\.\d+$/.test(version)) out.version = version;
  if (typeof platform === 'string' && KNOWN_PLATFORMS.includes(platform)) out.platform = platform;
  if (theme === 'light' || theme === 'dark') out.theme = theme;
  if (typeof startParam === 'string' && /^[A-Za-z0-9_-]{1,512}$/.test(startParam)) out.startParam = startParam;
  if (chrome === 'browser' || chrome === 'telegram') out.chrome = chrome;
  return out;
}

function fromQuery(search: string): Partial_ {
  const query = new URLSearchParams(search);
  return clean({
    version: query.get('tgMockVersion') ?? undefined,
    platform: query.get('tgMockPlatform') ?? undefined,
    theme: query.get('tgMockTheme') ?? undefined,
    startParam: query.get('tgWebAppStartParam') ?? undefined,
    chrome: query.get('tgMockChrome') ?? undefined,
  });
}

function fromStorage(): Partial_ {
  try {
    const stored = sessionStorage.getItem(MOCK_CONFIG_STORAGE_KEY);
    const parsed: unknown = stored ? JSON.parse(stored) : undefined;
    return parsed && typeof parsed === 'object' ? clean(parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function fromEnv(): Partial_ {
  const env: Record<string, unknown> = import.meta.env ?? {};
  return clean({
    version: env.VITE_TG_MOCK_VERSION,
    platform: env.VITE_TG_MOCK_PLATFORM,
    theme: env.VITE_TG_MOCK_THEME,
    chrome: env.VITE_TG_MOCK_CHROME,
  });
}

/** Resolves the mock settings and remembers URL-given ones in sessionStorage. */
export function resolveMockConfig(overrides: Partial_ = {}, search = globalThis.location?.search ?? ''): MockConfig {
  const query = fromQuery(search);
  const stored = fromStorage();
  const remembered = { ...stored, ...query };
  if (Object.keys(query).length > 0) {
    try {
      sessionStorage.setItem(MOCK_CONFIG_STORAGE_KEY, JSON.stringify(remembered));
    } catch {
      // storage may be disabled; the URL still works for this load
    }
  }
  return { ...DEFAULT_MOCK_CONFIG, ...fromEnv(), ...remembered, ...clean(overrides) };
}
