/**
 * Settings (GitHub issue #6): language switch that changes every screen and survives a reload (and is
 * saved to Telegram Cloud Storage where it exists), FAQs, support, profile, sign-out. Screenshots in
 * English and Russian under test-results/e2e/settings-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { api, confirmInApp, openSignedIn, saveScreenshot, signUpViaApi, test, visible } from './support';

const LANGUAGE_KEY = 'tgwallet.language';
const ACCESS_KEY = 'tgwallet.accessToken';
const REFRESH_KEY = 'tgwallet.refreshToken';

/** Signs up through the API (send-code → sandbox mailbox → register); returns the tokens. */
const newUser = (baseUrl: string) => signUpViaApi(baseUrl, 'settings', { firstName: 'Anna', lastName: 'Smirnova' });

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

const mockCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tgMockCalls?: Array<{ method: string; params: any }> }).__tgMockCalls ?? []);

/** The Telegram Cloud Storage writes the mock received. */
const cloudWrites = async (page: Page) =>
  (await mockCalls(page))
    .filter((call) => call.method === 'web_app_invoke_custom_method' && call.params?.method === 'saveStorageValue')
    .map((call) => call.params.params as { key: string; value: string });

describe('Settings', () => {
  test('language, account, FAQs, support, sign-out and app info; FAQs expand; support opens Telegram', async ({ app: { page, baseUrl } }) => {
    const user = await newUser(baseUrl);
    await openSignedIn(page, baseUrl, user, '/settings');
    await visible(heading(page, 'Settings'));
    await visible(page.getByRole('radio', { name: 'English' }));
    expect(await page.getByRole('radio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
    await visible(page.getByRole('link', { name: /Profile/ }));
    await visible(page.getByRole('link', { name: /Referral program/ }));
    await visible(page.getByRole('button', { name: 'Sign out' }));
    await visible(page.getByText('Tonic Wallet 0.1.0'));
    await visible(page.getByText('Telegram 6.7 · tdesktop · development mock'));

    // FAQs: real buttons controlling their answers; the USDT answer quotes the live minimum from /api/config.
    const usdt = page.getByRole('button', { name: 'How do I top up with USDT?' });
    expect(await usdt.getAttribute('aria-expanded')).toBe('false');
    await usdt.click();
    expect(await usdt.getAttribute('aria-expanded')).toBe('true');
    const answer = page.getByRole('region', { name: 'How do I top up with USDT?' });
    await visible(answer);
    expect(await answer.textContent()).toContain('6-digit tag');
    expect(await answer.textContent()).toMatch(/Minimum deposit: \$\d+\.\d\d\./);
    await page.getByRole('button', { name: 'What are the SBP limits and how long does it take?' }).click();
    expect(await page.getByRole('region', { name: /SBP limits/ }).textContent()).toMatch(/Per payment: from ₽[\d,.]+ to ₽[\d,.]+\./);
    await saveScreenshot(page, 'settings-en');
    await usdt.click();
    expect(await usdt.getAttribute('aria-expanded')).toBe('false');
    expect(await answer.isVisible()).toBe(false);

    // Support: the Telegram chat through the platform's t.me opener.
    await page.getByRole('button', { name: /Chat with support in Telegram/ }).click();
    await expect
      .poll(async () => (await mockCalls(page)).some((call) => call.method === 'web_app_open_tg_link' && String(call.params?.path_full).includes('tonic_wallet_support')))
      .toBe(true);
  });

  test('switching to Russian changes every screen at once, survives a reload, and back to English', async ({ app: { page, baseUrl } }) => {
    const user = await newUser(baseUrl);
    await openSignedIn(page, baseUrl, user, '/settings');
    await visible(heading(page, 'Settings'));

    await page.getByRole('radio', { name: 'Русский' }).click();
    await visible(heading(page, 'Настройки'));
    expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBe('ru');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    const tabs = page.getByRole('navigation');
    await visible(tabs.getByText('Кошелёк'));
    await visible(tabs.getByText('Карты'));
    await visible(page.getByRole('button', { name: 'Выйти' }));
    await visible(page.getByRole('button', { name: 'Как пополнить кошелёк в USDT?' }));
    // No Telegram Cloud Storage on the 6.7 mock: nothing is written there.
    expect(await cloudWrites(page)).toEqual([]);
    await page.getByRole('button', { name: 'Как пополнить кошелёк в USDT?' }).click();
    expect(await page.getByRole('region', { name: 'Как пополнить кошелёк в USDT?' }).textContent()).toMatch(/Минимальное пополнение: \d+,\d\d\u00a0\$\./);
    await saveScreenshot(page, 'settings-ru');

    // Other screens follow, without a reload.
    await page.getByRole('link', { name: /Профиль/ }).click();
    await visible(heading(page, 'Профиль'));
    await visible(page.getByText('Россия'));
    await visible(page.getByText('На проверке'));
    await saveScreenshot(page, 'profile-ru');
    await page.goBack();
    await page.getByRole('link', { name: /Реферальная программа/ }).click();
    await visible(heading(page, 'Реферальная программа'));
    await visible(page.getByText('Как это работает'));

    // A reload keeps Russian.
    await page.reload();
    await visible(heading(page, 'Реферальная программа'));
    await page.goto(`${baseUrl}/settings`);
    await visible(heading(page, 'Настройки'));
    expect(await page.getByRole('radio', { name: 'Русский' }).getAttribute('aria-checked')).toBe('true');

    // And back.
    await page.getByRole('radio', { name: 'English' }).click();
    await visible(heading(page, 'Settings'));
    await visible(page.getByRole('navigation').getByText('Wallet'));
    expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBe('en');
  });

  test('with Telegram Cloud Storage (mock 8.0) the chosen language is saved there too', async ({ app: { page, baseUrl } }) => {
    const user = await newUser(baseUrl);
    await openSignedIn(page, baseUrl, user, '/settings?tgMockVersion=8.0&tgMockPlatform=ios');
    await visible(heading(page, 'Settings'));
    await visible(page.getByText('Telegram 8.0 · ios · development mock'));
    await page.getByRole('radio', { name: 'Русский' }).click();
    await visible(heading(page, 'Настройки'));
    await expect.poll(() => cloudWrites(page)).toEqual([{ key: 'language', value: 'ru' }]);
    expect(await page.evaluate(() => localStorage.getItem('tgwallet.languageChosen'))).toBe('1');
  });

  test('profile shows the user’s data and verification state', async ({ app: { page, baseUrl } }) => {
    const user = await newUser(baseUrl);
    await api(baseUrl, 'POST', '/api/dev/users/verification', { email: user.email, status: 'verified' });
    await openSignedIn(page, baseUrl, user, '/settings');
    await page.getByRole('link', { name: /Profile/ }).click();
    await visible(heading(page, 'Profile'));
    await visible(page.getByRole('heading', { name: 'Anna Smirnova' }));
    await visible(page.getByText(user.email));
    await visible(page.getByText('+79991234567'));
    await visible(page.getByText('Russia'));
    await visible(page.getByText('Verified'));
    await visible(page.getByRole('link', { name: 'Details' }));
    await visible(page.getByText(/No Telegram account is linked yet/));
    const me = await api(baseUrl, 'GET', '/api/users/me', undefined, user.accessToken);
    await visible(page.getByText(me.promoCode, { exact: true }));
    await saveScreenshot(page, 'profile-en');
    await page.getByRole('link', { name: 'Details' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/verification');
  });

  test('sign-out clears the session and protected screens ask to sign in again', async ({ app: { page, baseUrl } }) => {
    const user = await newUser(baseUrl);
    await openSignedIn(page, baseUrl, user, '/settings');
    await visible(heading(page, 'Settings'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await confirmInApp(page, 'Sign out?', 'Sign out');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(([a, r]) => [localStorage.getItem(a!), localStorage.getItem(r!)], [ACCESS_KEY, REFRESH_KEY])).toEqual([null, null]);
    await page.goto(`${baseUrl}/settings`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/signin');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/settings');
  });
});
