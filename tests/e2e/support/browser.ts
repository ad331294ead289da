import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Debian's Chromium (`apt-get install -y chromium`; no browser download works on these machines): the start-up
 * benchmark and `npm run size` open pages in it (scripts/support/chromium-pipe.ts).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The e2e tests' browser: Debian's `chromium-headless-shell`, Chromium's own headless build (the same Blink and V8,
 * without the full browser's UI process), lighter per test than `chromium --headless` (docs/frontend.md "Tests").
 * CHROMIUM_PATH set: that browser instead.
 */
const E2E_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * Flags that work here as root (see STACK-NOTES). Playwright adds `--headless` itself (headless: true)
 * and gives every launch a fresh temporary user-data-dir, deleted on close (it refuses a
 * `--user-data-dir` in args for `launch()`).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** An iPhone-12-ish phone screen: the Mini App's real shape. */
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(E2E_CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${E2E_CHROMIUM_PATH}. Install Debian's package: apt-get install -y chromium-headless-shell ` +
        '(npm test does this: scripts/test-tools.sh), or set CHROMIUM_PATH.',
    );
  }
  return chromium.launch({ executablePath: E2E_CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export interface PhoneContextOptions {
  /** BCP 47 locale for navigator.language and Accept-Language, e.g. 'en-US' or 'ru-RU'. Default 'en-US'. */
  locale?: string;
  /** `prefers-color-scheme` of the page. Default 'light'. (The Telegram mock's own theme is `?tgMockTheme=dark`.) */
  colorScheme?: 'light' | 'dark';
  baseUrl?: string;
}

/** A fresh context (own storage, cookies) with a phone viewport and touch. */
export async function newPhoneContext(browser: Browser, options: PhoneContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: PHONE_VIEWPORT,
    // One device pixel per CSS pixel: the layout is the same, and at 2× Chromium's software rendering and the full-page
    // screenshots took a fifth more of the suite's time (docs/frontend.md "Tests").
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: options.locale ?? 'en-US',
    colorScheme: options.colorScheme ?? 'light',
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
  });
}

export interface PageWatch {
  /** Uncaught exceptions in the page (`pageerror`): a test fails when any remain at its end. */
  pageErrors: Error[];
  /** `console.error` lines: reported with a failure, not failing by themselves. */
  consoleErrors: string[];
}

/** Records uncaught page errors and console errors of a page. */
export function watchPage(page: Page): PageWatch {
  const watch: PageWatch = { pageErrors: [], consoleErrors: [] };
  page.on('pageerror', (error) => watch.pageErrors.push(error));
  page.on('console', (message) => {
    if (message.type() === 'error') watch.consoleErrors.push(message.text());
  });
  return watch;
}
