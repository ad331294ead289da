/**
 * Work the app does NOT repeat while it starts and runs (issue #13, docs/performance.md "Start-up"), on the built app:
 * - the Telegram SDK reads and validates its launch parameters once per page, not in every wrapped call (22 times
 *   before the first screen, and again on every MainButton / BackButton / haptic call, before the fix);
 * - the first screens' scripts (the entry and the wallet screen) carry V8's compile hint on their first line;
 * - a signed-in start creates none of the app lock's mutations: the lock screen and the lock's settings section are
 *   chunks of their own, fetched only by a locked app and by the settings page;
 * - a returning user's core translations in Russian are requested with the first screen's chunk, not one round trip
 *   after the platform has started;
 * - inside a Telegram client with Cloud Storage (6.9+), the Welcome's start-up language sync loads its own small chunks,
 *   not the wallet screen's (which held the haptics it needs);
 * - a signed-in user opening the app at its root (as Telegram opens a Mini App) gets the wallet's code with boot, not
 *   after a first render of the Welcome's route and its guard's redirect.
 * The bridge keeps the launch parameters in sessionStorage each time it reads them, so its writes count the reads.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import enShell from '../../src/shared/i18n/locales/en/shell.json';
import { COMPILE_HINT } from '../../scripts/vite-startup-plugins';
import { authTexts, DIST_DIR, openSignedIn, signUpViaApi, test, visible } from './support';

const enAuth = authTexts('en');

const countLaunchParamReads = `(() => {
  const setItem = Storage.prototype.setItem;
  window.__launchParamReads = 0;
  Storage.prototype.setItem = function (key, value) {
    if (String(key).includes('launchParams')) window.__launchParamReads += 1;
    return setItem.call(this, key, value);
  };
})()`;
const reads = (page: Page) => page.evaluate(() => (window as unknown as { __launchParamReads: number }).__launchParamReads);

describe('start-up work (issue #13)', () => {
  test('the Telegram SDK reads its launch parameters once per page, not in every call', async ({ app: { page, baseUrl } }) => {
    await page.addInitScript(countLaunchParamReads);
    // Telegram's chrome on the mock: the sign-in form drives the MainButton, screens drive the BackButton.
    await page.goto(`${baseUrl}/signin?tgMockVersion=8.0&tgMockChrome=telegram`);
    const email = page.getByLabel(enAuth.fields.email, { exact: true });
    await visible(email);
    await visible(page.locator('[data-tg-mock-button="main"]'));
    // The mock writes them, the SDK's init reads them, the first availability check reads them: nothing more.
    const atStart = await reads(page);
    expect(atStart).toBeLessThanOrEqual(3);

    // Typing changes the MainButton (active / inactive): every change is a wrapped SDK call.
    await email.fill('anna@example.com');
    await email.fill('');
    await email.fill('anna@example.com');
    await page.getByText(enAuth.signIn.submit, { exact: true }).first().waitFor();
    expect(await reads(page)).toBe(atStart);
    await page.goto(`${baseUrl}/signup?tgMockVersion=8.0&tgMockChrome=telegram`);
    await visible(page.locator('[data-tg-mock-button="main"]'));
    // A new page load reads them again (once); the calls in between never did.
    expect(await reads(page)).toBeLessThanOrEqual(3);
  });

  test("a signed-in start loads the app lock's state, not its screens", async ({ app: { page, baseUrl } }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const lockStatus = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/app-lock');
    const user = await signUpViaApi(baseUrl, 'startup-lock', { firstName: 'Anna', lastName: 'Smith' });
    await openSignedIn(page, baseUrl, user, '/wallet', 'en');
    await visible(page.getByTestId('wallet-balance').locator('[data-currency="USD"]'));
    expect((await lockStatus).status()).toBe(200); // the lock's state was asked for (the index chunk ran)
    await page.waitForLoadState('networkidle');
    const lockCode = (list: string[]) => list.filter((path) => /\/assets\/lock-(screen|settings)-[^/]+\.js$/.test(path));
    expect(lockCode(scripts)).toEqual([]);

    // The settings page brings its section's chunk with it and shows the section.
    await page.getByRole('link', { name: enShell.tabs.settings }).click();
    await visible(page.getByTestId('app-lock-settings'));
    expect(lockCode(scripts)).toEqual([expect.stringMatching(/lock-settings-/)]);
  });

  test("a signed-in user opening the app at its root (as Telegram opens it) gets the wallet's code with boot, not after a first render", async ({
    app: { page, baseUrl },
  }) => {
    const user = await signUpViaApi(baseUrl, 'startup-root', { firstName: 'Anna', lastName: 'Smith' });
    await openSignedIn(page, baseUrl, user, '/?tgMockVersion=8.0', 'en');
    await visible(page.getByTestId('wallet-balance').locator('[data-currency="USD"]'));
    expect(new URL(page.url()).pathname).toBe('/wallet');
    // Boot asks for the first screen's code before it starts the platform (whose first request, outside Telegram, is
    // the dev mock's chunk). Before, the Welcome's route rendered first, its guard redirected, and only then was the
    // wallet's code asked for: after the platform had started.
    const startOf = (file: RegExp) =>
      page.evaluate((source) => performance.getEntriesByType('resource').find((entry) => new RegExp(source).test(entry.name))?.startTime ?? Infinity, file.source);
    expect(await startOf(/\/assets\/wallet-screen-[^/]+\.js$/)).toBeLessThan(await startOf(/\/assets\/mock-setup-[^/]+\.js$/));
    // The dev mock's settings in the query stayed in the URL for it to read: the 8.0 mock, not the 6.7 default.
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('platform.mock-config') ?? '{}'))).toMatchObject({ version: '8.0' });
  });

  test("a signed-in Wallet asks for its data with boot, before the wallet's code has arrived, and for nothing its first frame does not show until that frame has painted (issue #34)", async ({
    app: { page, baseUrl },
  }) => {
    const user = await signUpViaApi(baseUrl, 'startup-early', { firstName: 'Anna', lastName: 'Smith' });
    // The wallet screen's chunk is held until its data has been asked for (or 5 s): asked only by that chunk's queries,
    // the data would never be asked for meanwhile.
    let walletDataAsked!: () => void;
    const dataAsked = new Promise<boolean>((resolve) => (walletDataAsked = () => resolve(true)));
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/wallet') walletDataAsked();
    });
    const askedWhileHeld: boolean[] = [];
    await page.route('**/assets/wallet-screen-*.js', async (route) => {
      askedWhileHeld.push(await Promise.race([dataAsked, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000))]));
      await route.continue();
    });
    await openSignedIn(page, baseUrl, user, '/', 'en');
    await visible(page.getByTestId('wallet-balance').locator('[data-currency="USD"]'));
    expect(askedWhileHeld.length).toBeGreaterThan(0);
    expect(askedWhileHeld).not.toContain(false);

    // The verification banner's and the history tools' chunks, and the signed-in session's (the app lock's check and
    // Telegram's SettingsButton, app/boot/signed-in.ts), are asked for once the first screen has
    // painted (miniApp.ready()) and been presented (its first contentful paint), not while it is due; so are the
    // banner's words (entities/user's texts, `user-en`: requested as its chunk runs).
    await page.waitForLoadState('networkidle');
    const { ready, deferred } = await page.evaluate(() => {
      const readyCall = ((window as unknown as { __tgMockCalls?: Array<{ method: string; at: number }> }).__tgMockCalls ?? []).find((c) => c.method === 'web_app_ready');
      const entries = performance.getEntriesByType('resource').filter((entry) => /\/assets\/(user|history-tools|signed-in)-[^/]+\.js$/.test(entry.name));
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      return { ready: readyCall && fcp !== null ? Math.max(readyCall.at - performance.timeOrigin, fcp) : null, deferred: entries.map((entry) => ({ name: entry.name, start: entry.startTime })) };
    });
    expect(ready).not.toBeNull();
    expect(deferred.map((entry) => entry.name.replace(/.*\/assets\/([a-z-]+)-.*/, '$1')).sort()).toEqual(['history-tools', 'signed-in', 'user', 'user-en']);
    for (const entry of deferred) expect(entry.start, entry.name).toBeGreaterThanOrEqual(ready!);
  });

  test("a Telegram 6.9+ Welcome syncs the language from Cloud Storage without the wallet screen's code", async ({ app: { page, baseUrl } }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // 8.0 has Cloud Storage: the language sync (features/change-language) is imported once the first screen is painted.
    await page.goto(`${baseUrl}/?tgMockVersion=8.0`);
    await visible(page.locator('a[href="/signup"]'));
    await expect.poll(() => scripts.some((path) => /\/assets\/change-language-[^/]+\.js$/.test(path))).toBe(true);
    await page.waitForLoadState('networkidle');
    // It needs haptics and Cloud Storage, each a small chunk; never the wallet screen's 37 KB (its data layer included).
    expect(scripts.filter((path) => /\/assets\/wallet-screen-[^/]+\.js$/.test(path))).toEqual([]);
    expect(scripts).toEqual(expect.arrayContaining([expect.stringMatching(/\/assets\/haptic-[^/]+\.js$/), expect.stringMatching(/\/assets\/cloud-storage-[^/]+\.js$/)]));
  });

  test("the first screens' scripts start with V8's compile hint", () => {
    const manifest = JSON.parse(readFileSync(resolve(DIST_DIR, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    const walletScreen = Object.values(manifest).find((chunk) => /assets\/wallet-screen-[^/]+\.js$/.test(chunk.file));
    for (const chunk of [entry, walletScreen]) {
      expect(chunk, 'chunk in the manifest').toBeDefined();
      expect(readFileSync(resolve(DIST_DIR, chunk!.file), 'utf8').startsWith(COMPILE_HINT), chunk!.file).toBe(true);
    }
    // Lazy chunks outside the first screens are compiled when they are used, as before.
    const lazy = Object.values(manifest).find((chunk) => /assets\/settings-en-[^/]+\.js$/.test(chunk.file));
    expect(readFileSync(resolve(DIST_DIR, lazy!.file), 'utf8').startsWith(COMPILE_HINT)).toBe(false);
  });

  test("a returning Russian user's core translations download while the platform starts, not after it", async ({ app: { page, baseUrl } }) => {
    const manifest = JSON.parse(readFileSync(resolve(DIST_DIR, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const coreRu = `/${manifest['src/shared/i18n/core/ru.ts']!.file}`;
    const mockSetup = `/${manifest['src/shared/platform/mock-setup.ts']!.file}`;
    let coreAsked!: () => void;
    const coreRequested = new Promise<boolean>((resolve) => (coreAsked = () => resolve(true)));
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === coreRu) coreAsked();
    });
    // Outside Telegram the platform cannot start without the dev mock's chunk: it is held until the Russian core
    // chunk has been asked for (or 5 s). Asked only by initI18n, after the platform, it would never be asked meanwhile.
    const askedWhileHeld: boolean[] = [];
    await page.route(
      (url) => url.pathname === mockSetup,
      async (route) => {
        askedWhileHeld.push(await Promise.race([coreRequested, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000))]));
        await route.continue();
      },
    );
    await page.addInitScript(() => localStorage.setItem('tgwallet.language', 'ru'));
    await page.goto(`${baseUrl}/`);
    await visible(page.locator('a[href="/signup"]'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    expect(askedWhileHeld.length).toBeGreaterThan(0);
    expect(askedWhileHeld).not.toContain(false);
  });
});
