/**
 * Sessions and sign-in outside Telegram (the "Trust" issue), through the UI against the real server configured
 * with a Telegram bot token, as in production:
 * - a plain browser (the app on the development mock) signs up by email: the mock's made-up init data is not sent;
 * - sign-out ends the session on the server: the access and refresh tokens it had are refused afterwards.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { confirmInApp, readMailboxCode, saveScreenshot, test } from './support';

const ACCESS_KEY = 'tgwallet.accessToken';
const REFRESH_KEY = 'tgwallet.refreshToken';
const BOT_TOKEN = '1234567:AAe2e-bot-token-for-tests_only';

const tokens = (page: Page) =>
  page.evaluate(([a, r]) => ({ access: localStorage.getItem(a!), refresh: localStorage.getItem(r!) }), [ACCESS_KEY, REFRESH_KEY]);

describe('sessions with TELEGRAM_BOT_TOKEN set, from a plain browser', () => {
  test.override({
    appOptions: {
      env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN },
      ...(process.env.SESSIONS_E2E_STATIC_DIR ? { staticDir: process.env.SESSIONS_E2E_STATIC_DIR } : {}),
    },
  });

  test('sign up by email works; sign-out revokes the session on the server', async ({ app: { page, baseUrl } }) => {
    const initDataHeaders: string[] = [];
    page.on('request', (request) => {
      const header = request.headers()['x-telegram-init-data'];
      if (header !== undefined && request.url().includes('/api/')) initDataHeaders.push(request.url());
    });

    const email = 'plain.browser@example.com';
    await page.goto(`${baseUrl}/signup`);
    await page.getByLabel('First name', { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByLabel('First name', { exact: true }).fill('Ann');
    await page.getByLabel('Last name', { exact: true }).fill('Petrova');
    await page.getByLabel('Phone number', { exact: true }).fill('+7 912 345-67-89');
    await page.getByLabel('Country', { exact: true }).selectOption('RUS');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor({ timeout: 10_000 });
    await page.getByLabel('Digit 1 of 6').fill(await readMailboxCode(baseUrl, email));
    await expect.poll(() => tokens(page), { timeout: 15_000 }).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    await saveScreenshot(page, 'sessions-plain-browser-signed-up');
    expect(initDataHeaders).toEqual([]);

    const before = await tokens(page);
    const me = (access: string) =>
      fetch(`${baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${access}` } }).then((res) => res.status);
    expect(await me(before.access!)).toBe(200);

    await page.goto(`${baseUrl}/verification`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await confirmInApp(page, 'Sign out?', 'Sign out');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/');
    expect(await tokens(page)).toEqual({ access: null, refresh: null });

    // The tokens the browser had are dead on the server too (the logout call goes out right after the browser forgot them).
    await expect.poll(() => me(before.access!), { timeout: 10_000 }).toBe(401);
    const refresh = await fetch(`${baseUrl}/api/auth/refresh-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: before.refresh }),
    });
    expect(refresh.status).toBe(401);
  });
});
