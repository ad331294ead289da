/**
 * Telegram-native feel (issue #14) and sessions that survive Telegram Desktop (issue #15), on the built app:
 * - primary actions: on a mock playing Telegram's chrome (`tgMockChrome=telegram`) the app drives Telegram's
 *   MainButton (the bridge calls are recorded) and shows no page button; on the default mock (outside
 *   Telegram) the page button is there and the MainButton is never set up;
 * - Telegram's BackButton navigates inside Telegram (no in-page arrow); outside, the in-page arrow does;
 * - screen transitions animate, and do not under prefers-reduced-motion;
 * - on 9.0 the refresh token is kept in SecureStorage: clear localStorage, reload, still signed in; sign-out
 *   clears it; on 8.0 (no SecureStorage) the same reload signs the user out, as the spec's localStorage store does.
 * English and Russian.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import enShell from '../../src/shared/i18n/locales/en/shell.json';
import ruShell from '../../src/shared/i18n/locales/ru/shell.json';
import { confirmInApp, fundUsdt, openSignedIn, readMailboxCode, saveScreenshot, setVerification, signUpViaApi, test, visible, appTexts, authTexts, walletTexts } from './support';

const LANGS = [
  { lang: 'en', locale: 'en-US', auth: authTexts('en'), settings: appTexts('en', 'settings'), shell: enShell, wallet: walletTexts('en') },
  { lang: 'ru', locale: 'ru-RU', auth: authTexts('ru'), settings: appTexts('ru', 'settings'), shell: ruShell, wallet: walletTexts('ru') },
] as const;

type Lang = (typeof LANGS)[number];

const signUp = (baseUrl: string, label: string) => signUpViaApi(baseUrl, label, { firstName: 'Anna', lastName: 'Smith' });

const mockCalls = (page: Page, method: string) =>
  page.evaluate((name) => (window.__tgMockCalls ?? []).filter((call) => call.method === name).map((call) => call.params), method);
const mainButton = (page: Page) => page.locator('[data-tg-mock-button="main"]');
const telegramBack = (page: Page) => page.locator('[data-tg-mock-button="back"]');
const secondaryButton = (page: Page) => page.locator('[data-tg-mock-button="secondary"]');
const pathname = (page: Page) => new URL(page.url()).pathname;
const tokens = (page: Page) =>
  page.evaluate(() => ({ access: localStorage.getItem('tgwallet.accessToken'), refresh: localStorage.getItem('tgwallet.refreshToken') }));

/** Email → code on /signin; `press` submits the email step (Telegram's MainButton or the page button). */
async function signInByEmail(page: Page, baseUrl: string, email: string, l: Lang, press: () => Promise<void>) {
  await page.getByLabel(l.auth.fields.email, { exact: true }).fill(email);
  await press();
  await page.getByRole('heading', { name: l.auth.code.title }).waitFor({ timeout: 15_000 });
  await page.getByLabel(l.lang === 'en' ? 'Digit 1 of 6' : 'Цифра 1 из 6', { exact: true }).fill(await readMailboxCode(baseUrl, email));
  await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/wallet');
}

describe.each(LANGS)('Telegram-native feel ($lang)', (l) => {
  test.override({ appOptions: { locale: l.locale } });

  test('inside Telegram (8.0 chrome): the MainButton is the primary action; the page shows none', async ({ app: { page, baseUrl } }) => {
    const user = await signUp(baseUrl, `native-main-${l.lang}`);
    await page.goto(`${baseUrl}/signin?tgMockVersion=8.0&tgMockChrome=telegram`);
    await page.getByLabel(l.auth.fields.email, { exact: true }).waitFor({ timeout: 15_000 });

    await visible(mainButton(page));
    expect(await mainButton(page).textContent()).toBe(l.auth.signIn.submit);
    // No page button with that label: the only one is Telegram's (in the mock's bottom bar).
    await expect.poll(() => page.getByRole('button', { name: l.auth.signIn.submit, exact: true }).count()).toBe(1);
    expect(await page.locator('main').getByRole('button', { name: l.auth.signIn.submit, exact: true }).count()).toBe(0);
    expect(await mockCalls(page, 'web_app_setup_main_button')).toContainEqual(
      expect.objectContaining({ is_visible: true, is_active: true, text: l.auth.signIn.submit }),
    );
    await saveScreenshot(page, `telegram-native-main-button-${l.lang}`);

    await signInByEmail(page, baseUrl, user.email, l, () => mainButton(page).click());
    // The code step had its own MainButton ("Confirm"); the wallet has no primary action: the button is hidden.
    const setups = await mockCalls(page, 'web_app_setup_main_button');
    expect(setups).toContainEqual(expect.objectContaining({ is_visible: true, text: l.auth.code.confirm }));
    expect(setups.at(-1)).toMatchObject({ is_visible: false });
    expect(await mainButton(page).isVisible()).toBe(false);
  });

  test('outside Telegram (default 6.7 mock): the page button, and no MainButton set up', async ({ app: { page, baseUrl } }) => {
    const user = await signUp(baseUrl, `native-page-${l.lang}`);
    await page.goto(`${baseUrl}/signin`);
    const pageButton = page.locator('main').getByRole('button', { name: l.auth.signIn.submit, exact: true });
    await visible(pageButton);
    expect(await page.locator('[data-tg-mock-chrome]').count()).toBe(0);
    await signInByEmail(page, baseUrl, user.email, l, () => pageButton.click());
    expect(await mockCalls(page, 'web_app_setup_main_button')).toEqual([]);
  });

  test("the payment result pages use Telegram's MainButton and SecondaryButton inside Telegram", async ({ app: { page, baseUrl } }) => {
    const user = await signUp(baseUrl, `native-payment-${l.lang}`);
    await openSignedIn(page, baseUrl, user, '/payment-failed?code=PAYMENT_DECLINED&tgMockVersion=8.0&tgMockChrome=telegram', l.lang);
    await visible(page.getByRole('heading', { level: 1, name: l.wallet.payment.failedTitle }));
    await expect.poll(() => mainButton(page).textContent()).toBe(l.wallet.payment.retry);
    await expect.poll(() => secondaryButton(page).textContent()).toBe(l.wallet.payment.backToWallet);
    expect(await page.locator('main').getByRole('button', { name: l.wallet.payment.retry, exact: true }).count()).toBe(0);
    expect(await page.locator('main').getByRole('link', { name: l.wallet.payment.retry, exact: true }).count()).toBe(0);
    await saveScreenshot(page, `telegram-native-payment-failed-${l.lang}`);
    await mainButton(page).click();
    await expect.poll(() => pathname(page)).toBe('/wallet');
    // The success page (a payment the server does not know: "not found") has "Back to wallet" as its MainButton.
    await page.goto(`${baseUrl}/payment-success?paymentId=sbp_unknown`);
    await expect.poll(() => mainButton(page).textContent(), { timeout: 15_000 }).toBe(l.wallet.payment.backToWallet);
    await mainButton(page).click();
    await expect.poll(() => pathname(page)).toBe('/wallet');
  });

  test("Telegram's BackButton drives navigation inside Telegram; the in-page arrow outside", async ({ app: { page, baseUrl } }) => {
    const user = await signUp(baseUrl, `native-back-${l.lang}`);
    await openSignedIn(page, baseUrl, user, '/settings?tgMockVersion=8.0&tgMockChrome=telegram', l.lang);
    const profile = page.getByRole('link', { name: new RegExp(l.settings.account.profile) });
    await visible(profile);
    expect(await telegramBack(page).isVisible()).toBe(false); // a tab root: no back
    await profile.click();
    await expect.poll(() => pathname(page)).not.toBe('/settings');
    await visible(telegramBack(page));
    expect(await page.getByRole('button', { name: l.shell.back, exact: true }).count()).toBe(0); // no in-page arrow
    expect(await mockCalls(page, 'web_app_setup_back_button')).toContainEqual({ is_visible: true });
    await saveScreenshot(page, `telegram-native-back-button-${l.lang}`);
    await telegramBack(page).click();
    await expect.poll(() => pathname(page)).toBe('/settings');
    await expect.poll(() => telegramBack(page).isVisible()).toBe(false);

    // Outside Telegram (a fresh tab on the default mock): the in-page arrow, no Telegram chrome.
    const outside = await page.context().newPage();
    await outside.goto(`${baseUrl}/settings?tgMockChrome=browser`);
    await outside.getByRole('link', { name: new RegExp(l.settings.account.profile) }).click();
    const arrow = outside.getByRole('button', { name: l.shell.back, exact: true });
    await visible(arrow);
    expect(await outside.locator('[data-tg-mock-chrome]').count()).toBe(0);
    await arrow.click();
    await expect.poll(() => pathname(outside)).toBe('/settings');
    await outside.close();
  });

  test("a sheet takes the MainButton and Telegram's BackButton closes it", async ({ app: { page, baseUrl } }) => {
    const user = await signUp(baseUrl, `native-sheet-${l.lang}`);
    await openSignedIn(page, baseUrl, user, '/wallet?tgMockVersion=8.0&tgMockChrome=telegram', l.lang);
    await page.getByRole('button', { name: l.wallet.actions.exchange }).first().click();
    await page.getByRole('dialog').waitFor({ timeout: 15_000 });
    await expect.poll(() => mainButton(page).textContent(), { timeout: 15_000 }).toBe(l.wallet.exchange.continue);
    expect(await page.getByRole('dialog').getByRole('button', { name: l.wallet.exchange.continue, exact: true }).count()).toBe(0);
    await visible(telegramBack(page)); // on a tab root, shown because the sheet is open
    await saveScreenshot(page, `telegram-native-sheet-${l.lang}`);
    await telegramBack(page).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(pathname(page)).toBe('/wallet');
    await expect.poll(() => mainButton(page).isVisible()).toBe(false);
  });

  test('a native hold on a phone: app colours on Telegram\'s chrome, portrait lock, SettingsButton, swipes off in sheets, "Close anyway?" in review', async ({ app: { page, baseUrl } }) => {
    const user = await signUp(baseUrl, `native-hold-${l.lang}`);
    await setVerification(baseUrl, user.email);
    await fundUsdt(baseUrl, user.accessToken, 50);
    await openSignedIn(page, baseUrl, user, '/wallet?tgMockVersion=8.0&tgMockChrome=telegram&tgMockPlatform=ios', l.lang);
    await visible(page.getByTestId('wallet-balance'));
    // After the first screen: Telegram's header, background and bottom bar in the page's own surfaces; portrait lock.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const hex = (rgb: string) => `#${(rgb.match(/\d+/g) ?? []).slice(0, 3).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;
    await expect.poll(() => mockCalls(page, 'web_app_set_header_color'), { timeout: 10_000 }).toContainEqual({ color: hex(background) });
    expect(await mockCalls(page, 'web_app_set_background_color')).toContainEqual({ color: hex(background) });
    expect((await mockCalls(page, 'web_app_set_bottom_bar_color')).length).toBeGreaterThan(0);
    expect(await mockCalls(page, 'web_app_toggle_orientation_lock')).toContainEqual({ locked: true });
    // The SettingsButton (Telegram's menu) opens Settings.
    const settings = page.locator('[data-tg-mock-button="settings"]');
    await visible(settings);
    await settings.click();
    await expect.poll(() => pathname(page)).toBe('/settings');
    await page.goBack();
    await expect.poll(() => pathname(page)).toBe('/wallet');
    // A sheet: swipes off while it is open; its review holds "Close anyway?"; closing it gives both back.
    await page.getByRole('button', { name: l.wallet.actions.exchange }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await mockCalls(page, 'web_app_setup_swipe_behavior')).at(-1)).toEqual({ allow_vertical_swipe: false });
    await dialog.getByRole('textbox').first().fill('10');
    await mainButton(page).click();
    await visible(dialog.getByText(l.wallet.exchange.reviewTitle));
    await expect.poll(async () => (await mockCalls(page, 'web_app_setup_closing_behavior')).at(-1)).toEqual({ need_confirmation: true });
    await saveScreenshot(page, `telegram-native-review-guarded-${l.lang}`);
    // Telegram's Back closes the sheet (its review too).
    await telegramBack(page).click();
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(async () => (await mockCalls(page, 'web_app_setup_swipe_behavior')).at(-1)).toEqual({ allow_vertical_swipe: true });
    await expect.poll(async () => (await mockCalls(page, 'web_app_setup_closing_behavior')).at(-1)).toEqual({ need_confirmation: false });
  });

  test('screen transitions animate, and not with prefers-reduced-motion', async ({ app: { page, baseUrl } }) => {
    const user = await signUp(baseUrl, `native-motion-${l.lang}`);
    const animationAfterNavigating = async () => {
      await openSignedIn(page, baseUrl, user, '/settings', l.lang);
      await page.getByRole('link', { name: new RegExp(l.settings.account.profile) }).click();
      await expect.poll(() => page.locator('main').getAttribute('data-enter')).toBe('forward');
      return page.locator('main').evaluate((element) => {
        const style = getComputedStyle(element);
        return { name: style.animationName, duration: style.animationDuration };
      });
    };
    const animated = await animationAfterNavigating();
    expect(animated.name).not.toBe('none'); // the keyframes' name is hashed by CSS modules
    expect(animated.duration).toBe('0.26s');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect((await animationAfterNavigating()).name).toBe('none');
  });
});

describe.each(LANGS)('sessions that survive Telegram Desktop ($lang)', (l) => {
  test.override({ appOptions: { locale: l.locale } });

  test('9.0: clear localStorage, reload: still signed in through SecureStorage; sign-out clears it', async ({ app: { page, baseUrl } }) => {
    const user = await signUp(baseUrl, `secure-${l.lang}`);
    await page.goto(`${baseUrl}/signin?tgMockVersion=9.0&tgMockPlatform=tdesktop`);
    await page.getByLabel(l.auth.fields.email, { exact: true }).waitFor({ timeout: 15_000 });
    await signInByEmail(page, baseUrl, user.email, l, () =>
      page.locator('main').getByRole('button', { name: l.auth.signIn.submit, exact: true }).click(),
    );
    const signedIn = await tokens(page);
    await expect
      .poll(() => mockCalls(page, 'web_app_secure_storage_save_key'))
      .toContainEqual(expect.objectContaining({ key: 'tgwallet_refreshToken', value: signedIn.refresh }));

    // Telegram Desktop restarts: the webview's localStorage is gone.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/wallet');
    await expect.poll(() => tokens(page), { timeout: 15_000 }).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    const restored = await tokens(page);
    expect(restored.refresh).not.toBe(signedIn.refresh); // rotated on restore
    expect(await mockCalls(page, 'web_app_secure_storage_get_key')).toContainEqual(expect.objectContaining({ key: 'tgwallet_refreshToken' }));
    // The copy follows the rotation.
    await expect
      .poll(() => mockCalls(page, 'web_app_secure_storage_save_key'))
      .toContainEqual(expect.objectContaining({ key: 'tgwallet_refreshToken', value: restored.refresh }));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await saveScreenshot(page, `telegram-native-restored-session-${l.lang}`);

    // Sign-out clears SecureStorage too: the next restart stays signed out.
    await page.goto(`${baseUrl}/verification`);
    await page.getByRole('button', { name: l.auth.signOut.action }).click();
    await confirmInApp(page, l.auth.signOut.confirmTitle, l.auth.signOut.action);
    await expect.poll(() => pathname(page), { timeout: 10_000 }).toBe('/');
    await expect
      .poll(() => mockCalls(page, 'web_app_secure_storage_save_key'))
      .toContainEqual(expect.objectContaining({ key: 'tgwallet_refreshToken', value: null }));
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${baseUrl}/wallet`);
    await expect.poll(() => pathname(page), { timeout: 15_000 }).not.toBe('/wallet');
    expect(await tokens(page)).toEqual({ access: null, refresh: null });
  });

  test('8.0 (no SecureStorage): clearing localStorage signs the user out, and no storage call is made', async ({ app: { page, baseUrl } }) => {
    const user = await signUp(baseUrl, `nosecure-${l.lang}`);
    await openSignedIn(page, baseUrl, user, '/wallet?tgMockVersion=8.0', l.lang);
    await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/wallet');
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect.poll(() => pathname(page), { timeout: 15_000 }).not.toBe('/wallet');
    const storageCalls = await page.evaluate(() => (window.__tgMockCalls ?? []).filter((call) => /storage/.test(call.method)));
    expect(storageCalls).toEqual([]);
  });
});
