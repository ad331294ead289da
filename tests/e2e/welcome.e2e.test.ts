import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { ROOT, saveScreenshot, test } from './support';

/** The Welcome screen's primary action, in either language. */
const primary = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name }).or(page.getByRole('link', { name })).first();

const EN = { primary: 'Create account', tagline: 'Your wallet and payment cards, right inside Telegram.' };
const RU = { primary: 'Создать аккаунт', tagline: 'Ваш кошелёк и платёжные карты прямо в Telegram.' };
const LANGUAGE_KEY = 'tgwallet.language';
/** Generous: CI machines are shared, and the first load also compiles the bundle in Chromium. */
const UI_TIMEOUT = 30_000;

/** Whether the router's screen table registers `routePaths.<name>` (screens are added as pages land). */
const screensSource = readFileSync(resolve(ROOT, 'src/app/router/screens.ts'), 'utf8');
const registered = (name: 'wallet' | 'signIn' | 'settings') => new RegExp(`path:\\s*routePaths\\.${name}\\b`).test(screensSource);

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

describe('Welcome (signed out, outside Telegram on the 6.7 mock)', () => {
  test('renders in English by default', async ({ app: { page, baseUrl } }) => {
    await page.goto(`${baseUrl}/`);
    await expect.poll(() => primary(page, EN.primary).isVisible(), { timeout: UI_TIMEOUT }).toBe(true);
    expect(await page.getByText(EN.tagline).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toMatch(/^en/);
    await saveScreenshot(page, 'welcome-en');
  });

  test('renders in Russian for a Russian browser (the mock user\'s language follows it)', async ({ app }) => {
    const page = await app.newPage({ locale: 'ru-RU' });
    await page.goto(`${app.baseUrl}/`);
    await expect.poll(() => primary(page, RU.primary).isVisible(), { timeout: UI_TIMEOUT }).toBe(true);
    expect(await page.getByText(RU.tagline).isVisible()).toBe(true);
    await saveScreenshot(page, 'welcome-ru-browser');
  });

  test('switches to Russian, and a reload keeps Russian', async ({ app: { page, baseUrl } }) => {
    await page.goto(`${baseUrl}/`);
    await expect.poll(() => primary(page, EN.primary).isVisible(), { timeout: UI_TIMEOUT }).toBe(true);

    const ru = page
      .getByRole('button', { name: /^(RU|Русский)$/ })
      .or(page.getByRole('radio', { name: /^(RU|Русский)$/ }))
      .or(page.getByRole('tab', { name: /^(RU|Русский)$/ }))
      .or(page.getByRole('option', { name: /^(RU|Русский)$/ }))
      .first();
    // Each label of the switch sits on one line (a short label once wrapped letter by letter: "R" over "U").
    const labelLines = await ru.evaluate((segment) =>
      [...segment.parentElement!.children].map((child) => {
        const range = document.createRange();
        range.selectNodeContents(child);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }),
    );
    expect(labelLines.every((lines) => lines === 1)).toBe(true);
    await ru.click();
    await expect.poll(() => primary(page, RU.primary).isVisible(), { timeout: UI_TIMEOUT }).toBe(true);
    expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBe('ru');

    await page.reload();
    await expect.poll(() => primary(page, RU.primary).isVisible(), { timeout: UI_TIMEOUT }).toBe(true);
    expect(await page.getByText(RU.tagline).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toMatch(/^ru/);
    await saveScreenshot(page, 'welcome-ru');
  });

  test('applies the Telegram theme as CSS variables', async ({ app: { page, baseUrl } }) => {
    await page.goto(`${baseUrl}/`);
    await expect.poll(() => primary(page, EN.primary).isVisible(), { timeout: UI_TIMEOUT }).toBe(true);
    const vars = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return {
        bg: style.getPropertyValue('--tg-theme-bg-color').trim(),
        text: style.getPropertyValue('--tg-theme-text-color').trim(),
        bodyBg: getComputedStyle(document.body).backgroundColor,
      };
    });
    expect(vars.bg).toMatch(/^#[0-9a-f]{6}$/i);
    expect(vars.text).toMatch(/^#[0-9a-f]{6}$/i);
    await saveScreenshot(page, 'welcome-theme-light');

    // The dark mock theme changes the variables (tgMockTheme=dark).
    await page.goto(`${baseUrl}/?tgMockTheme=dark`);
    await expect.poll(() => primary(page, EN.primary).isVisible(), { timeout: UI_TIMEOUT }).toBe(true);
    const dark = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--tg-theme-bg-color').trim());
    expect(dark).toMatch(/^#[0-9a-f]{6}$/i);
    expect(dark).not.toBe(vars.bg);
    await saveScreenshot(page, 'welcome-theme-dark');
  });

  test('the mock reports Telegram version 6.7 and the app calls miniApp.ready()', async ({ app: { page, baseUrl } }) => {
    await page.goto(`${baseUrl}/`);
    await expect.poll(() => primary(page, EN.primary).isVisible(), { timeout: UI_TIMEOUT }).toBe(true);
    const launch = await page.evaluate(() => {
      // The SDK keeps the launch params the mock installed in sessionStorage ('tapps/launchParams', a JSON string).
      const stored = sessionStorage.getItem('tapps/launchParams');
      let raw = '';
      try {
        raw = stored ? String(JSON.parse(stored)) : '';
      } catch {
        raw = stored ?? '';
      }
      const params = new URLSearchParams(raw);
      return { version: params.get('tgWebAppVersion'), platform: params.get('tgWebAppPlatform') };
    });
    expect(launch).toEqual({ version: '6.7', platform: 'tdesktop' });
    // The mock records every bridge call; the first screen being usable sends web_app_ready.
    await expect
      .poll(() => page.evaluate(() => (window.__tgMockCalls ?? []).map((call) => call.method)), { timeout: UI_TIMEOUT })
      .toContain('web_app_ready');
  });

  test('?tgMockVersion=8.0 changes the reported version', async ({ app: { page, baseUrl } }) => {
    await page.goto(`${baseUrl}/?tgMockVersion=8.0`);
    await expect.poll(() => primary(page, EN.primary).isVisible(), { timeout: UI_TIMEOUT }).toBe(true);
    const version = await page.evaluate(() => {
      const stored = sessionStorage.getItem('tapps/launchParams');
      return new URLSearchParams(stored ? String(JSON.parse(stored)) : '').get('tgWebAppVersion');
    });
    expect(version).toBe('8.0');
  });

  test('/main redirects to /wallet, which sends a signed-out user to sign-in', async ({ app: { page, baseUrl } }) => {
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto(`${baseUrl}/main`);
    if (registered('wallet') && registered('signIn')) {
      await expect.poll(() => pathOf(page), { timeout: UI_TIMEOUT }).toBe('/signin?returnTo=%2Fwallet');
    } else {
      // Until the wallet and sign-in screens are registered, /wallet is an unknown path, which goes to /.
      await expect.poll(() => pathOf(page), { timeout: UI_TIMEOUT }).toBe('/');
    }
    expect(visited).toContain('/wallet');
    await saveScreenshot(page, 'redirect-main-signed-out');
  });

  test.runIf(registered('settings') && registered('signIn'))(
    'a tab screen sends a signed-out user to sign-in with returnTo',
    async ({ app: { page, baseUrl } }) => {
      await page.goto(`${baseUrl}/settings`);
      await expect.poll(() => pathOf(page), { timeout: UI_TIMEOUT }).toBe('/signin?returnTo=%2Fsettings');
      await saveScreenshot(page, 'redirect-settings-signed-out');
    },
  );

  test('an unknown path redirects to the Welcome screen', async ({ app: { page, baseUrl } }) => {
    await page.goto(`${baseUrl}/no/such/screen`);
    await expect.poll(() => pathOf(page), { timeout: UI_TIMEOUT }).toBe('/');
    await expect.poll(() => primary(page, EN.primary).isVisible(), { timeout: UI_TIMEOUT }).toBe(true);
    await saveScreenshot(page, 'redirect-unknown');
  });
});
