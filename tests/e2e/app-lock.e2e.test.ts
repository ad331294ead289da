/**
 * App lock and hidden balances (issue #15), through the UI against the real server, in English and Russian on the
 * Telegram mocks 6.7 and 8.0: set a passcode in Settings, lock by inactivity (Playwright's clock jumps past the chosen
 * minute) and by backgrounding (6.7: the page's visibilitychange; 8.0: Telegram's `deactivated` event), unlock with
 * the passcode (a wrong one first: tries left) and, on 8.0, with biometry (the unlock token kept by the mock's
 * biometric storage). While locked nothing of the account is on the page. Then hide and show balances on the wallet,
 * remembered across a reload. Inside Telegram's chrome (`tgMockChrome=telegram`, 8.0) the lock also hides Telegram's
 * MainButton and BackButton (their texts could name an amount), and gives them back after the unlock.
 * Screenshots: test-results/e2e/app-lock-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { api, confirmInApp, openSignedIn, saveScreenshot, signInViaApi, signUpViaApi, test, visible, hidden, walletTexts } from './support';

const TEXT = {
  en: {
    settings: 'Settings',
    set: 'Set a passcode',
    next: 'New passcode',
    repeat: 'Repeat the new passcode',
    save: 'Save',
    on: 'On',
    oneMinute: '1 min',
    biometryToggle: 'Unlock with biometrics',
    current: 'Current passcode',
    locked: 'App locked',
    confirm: 'Confirm it’s you',
    endOthers: 'End all other sessions',
    endOthersTitle: 'End all other sessions?',
    endAll: 'End all',
    passcode: 'Passcode',
    unlock: 'Unlock',
    wrong: 'Wrong passcode. 4 tries left before you are signed out.',
    biometryUnlock: 'Unlock with biometrics',
    wallet: 'Wallet',
    hide: 'Hide balances',
  },
  ru: {
    settings: 'Настройки',
    set: 'Задать код-пароль',
    next: 'Новый код-пароль',
    repeat: 'Повторите новый код-пароль',
    save: 'Сохранить',
    on: 'Включён',
    oneMinute: '1 мин',
    biometryToggle: 'Разблокировка биометрией',
    current: 'Текущий код-пароль',
    locked: 'Приложение заблокировано',
    confirm: 'Подтвердите, что это вы',
    endOthers: 'Завершить все другие сеансы',
    endOthersTitle: 'Завершить все другие сеансы?',
    endAll: 'Завершить все',
    passcode: 'Код-пароль',
    unlock: 'Разблокировать',
    wrong: 'Неверный код-пароль. Осталось 4 попытки до выхода из аккаунта.',
    biometryUnlock: 'Разблокировать биометрией',
    wallet: 'Кошелёк',
    hide: 'Скрыть балансы',
  },
} as const;

type Lang = keyof typeof TEXT;

const lockScreen = (page: Page) => page.getByTestId('app-lock-screen');

/** Nothing of the account is mounted: no wallet, no settings, no tab bar, not the user's name. */
async function expectNothingOfTheAccount(page: Page, lang: Lang) {
  await visible(lockScreen(page));
  expect(await page.getByTestId('wallet-balance').count()).toBe(0);
  expect(await page.getByTestId('app-lock-settings').count()).toBe(0);
  expect(await page.getByRole('heading', { level: 1, name: TEXT[lang].settings }).count()).toBe(0);
  expect(await page.getByRole('navigation').count()).toBe(0);
  const text = (await page.locator('body').textContent()) ?? '';
  expect(text).not.toContain('Locksmith');
  expect(text).not.toMatch(/\d[\d\s.,]*\s?[$₽]|[$₽]\s?\d/);
}

async function unlockWithPasscode(page: Page, lang: Lang, passcode: string) {
  const t = TEXT[lang];
  await page.getByLabel(t.passcode, { exact: true }).fill(passcode);
  await page.getByRole('button', { name: t.unlock, exact: true }).click();
}

const CASES: Array<{ lang: Lang; version: '6.7' | '8.0' }> = [
  { lang: 'en', version: '6.7' },
  { lang: 'ru', version: '8.0' },
  { lang: 'en', version: '8.0' },
  { lang: 'ru', version: '6.7' },
];

describe('app lock and hidden balances', () => {
  test.for(CASES)('$lang on Telegram $version: set, lock by inactivity and background, unlock; hide balances', async ({ lang, version }, { app: { page, baseUrl } }) => {
    const t = TEXT[lang];
    const user = await signUpViaApi(baseUrl, `lock-${lang}-${version}`, { firstName: 'Ivan', lastName: 'Locksmith' });
    page.on('dialog', (dialog) => void dialog.accept()); // the mock asks "Allow biometry?" / "Biometry: …" with confirm()
    await page.clock.install();
    await openSignedIn(page, baseUrl, user, `/settings?tgMockVersion=${version}`, lang);
    await visible(page.getByRole('heading', { level: 1, name: t.settings }));

    // ── Set a passcode (twice), then 1 minute of inactivity.
    await page.getByRole('button', { name: t.set }).click();
    await page.getByLabel(t.next, { exact: true }).fill('2580');
    await page.getByLabel(t.repeat, { exact: true }).fill('2580');
    await page.getByRole('button', { name: t.save }).click();
    await visible(page.getByText(t.on, { exact: true }));
    await page.getByRole('radio', { name: t.oneMinute }).click();
    await expect.poll(async () => (await api(baseUrl, 'GET', '/api/app-lock', undefined, user.accessToken)).autoLockSeconds, { timeout: 10_000 }).toBe(60);
    // The passcode never reaches the browser's storage.
    expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage, ...sessionStorage })))).not.toContain('2580');

    if (version === '8.0') {
      const toggle = page.getByRole('switch', { name: new RegExp(t.biometryToggle) });
      await visible(toggle);
      // The switch follows the answer of Telegram's biometry prompt and of the server (asynchronous), so it is
      // clicked, not check()ed (which demands the state change at once), and then the state is awaited.
      await toggle.click();
      // Registering this device's biometric token needs the passcode (the server checks it).
      await page.getByLabel(t.current, { exact: true }).fill('2580');
      await page.getByRole('button', { name: t.save }).click();
      await expect.poll(async () => (await api(baseUrl, 'GET', '/api/app-lock', undefined, user.accessToken)).biometricDevices, { timeout: 10_000 }).toBe(1);
      await expect.poll(() => toggle.isChecked(), { timeout: 10_000 }).toBe(true);
    } else {
      expect(await page.getByRole('switch', { name: new RegExp(t.biometryToggle) }).count()).toBe(0);
    }
    await saveScreenshot(page, `app-lock-settings-${lang}-${version}`);

    // ── Inactivity: nothing happens before the minute, the lock screen after it.
    await page.clock.fastForward(50_000);
    expect(await lockScreen(page).count()).toBe(0);
    await page.clock.fastForward(15_000);
    await visible(lockScreen(page));
    await visible(page.getByRole('heading', { level: 1, name: t.locked }));
    await expectNothingOfTheAccount(page, lang);
    await saveScreenshot(page, `app-lock-locked-${lang}-${version}`);

    // ── Unlock with the passcode: a wrong one first (counted on the server), then the right one.
    await unlockWithPasscode(page, lang, '1111');
    await visible(page.getByText(t.wrong));
    await saveScreenshot(page, `app-lock-wrong-${lang}-${version}`);
    await unlockWithPasscode(page, lang, '2580');
    await hidden(lockScreen(page));
    await visible(page.getByRole('heading', { level: 1, name: t.settings }));
    expect(new URL(page.url()).pathname).toBe('/settings');

    // ── Background: 8.0 Telegram's `deactivated`; elsewhere the page's visibility.
    if (version === '8.0') {
      await page.evaluate(() => (window as unknown as { __tgMockEmit: (event: string, payload?: unknown) => void }).__tgMockEmit('visibility_changed', { is_visible: false }));
    } else {
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
        Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      });
    }
    await visible(lockScreen(page));
    await expectNothingOfTheAccount(page, lang);

    if (version === '8.0') {
      // ── Biometry: the mock's biometric storage hands back the token the app saved; the server checks its hash.
      await page.getByRole('button', { name: t.biometryUnlock }).click();
      await hidden(lockScreen(page));
      const calls = await page.evaluate(() => (window as unknown as { __tgMockCalls: Array<{ method: string }> }).__tgMockCalls.map((c) => c.method));
      expect(calls).toContain('web_app_biometry_update_token');
      expect(calls).toContain('web_app_biometry_request_auth');
    } else {
      expect(await page.getByRole('button', { name: t.biometryUnlock }).count()).toBe(0);
      await unlockWithPasscode(page, lang, '2580');
      await hidden(lockScreen(page));
    }
    await visible(page.getByRole('heading', { level: 1, name: t.settings }));

    // ── Hide balances on the wallet: every amount masked, remembered across a reload, shown again.
    await page.goto(`${baseUrl}/wallet?tgMockVersion=${version}`);
    // A reload of a locked account opens locked (the device's hint): unlock first.
    await visible(lockScreen(page));
    await unlockWithPasscode(page, lang, '2580');
    const balance = page.getByTestId('wallet-balance');
    await visible(balance);
    const eye = page.getByRole('button', { name: t.hide });
    await visible(eye);
    await expect.poll(async () => (await balance.textContent()) ?? '', { timeout: 15_000 }).toMatch(/\d/);
    expect(await eye.getAttribute('aria-pressed')).toBe('false');
    await saveScreenshot(page, `app-lock-balances-shown-${lang}-${version}`);
    await eye.click();
    expect(await eye.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => (await balance.textContent()) ?? '').toContain('••••');
    expect((await balance.textContent()) ?? '').not.toMatch(/\d/);
    await saveScreenshot(page, `app-lock-balances-hidden-${lang}-${version}`);
    await page.reload();
    await visible(lockScreen(page));
    await unlockWithPasscode(page, lang, '2580');
    await visible(page.getByTestId('wallet-balance'));
    await expect.poll(async () => (await page.getByTestId('wallet-balance').textContent()) ?? '', { timeout: 15_000 }).toContain('••••');
    expect(await page.getByRole('button', { name: t.hide }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: t.hide }).click();
    await expect.poll(async () => (await page.getByTestId('wallet-balance').textContent()) ?? '').not.toContain('••••');
  });
});

/** The wallet screen's texts and its sheets' (loaded with the sheets). */
const WALLET = { en: walletTexts('en'), ru: walletTexts('ru') } as const;
const mainButton = (page: Page) => page.locator('[data-tg-mock-button="main"]');
const telegramBack = (page: Page) => page.locator('[data-tg-mock-button="back"]');
const lastSetup = (page: Page, method: string) =>
  page.evaluate((name) => (window.__tgMockCalls ?? []).filter((call) => call.method === name).at(-1)?.params, method) as Promise<
    { is_visible?: boolean; text?: string } | undefined
  >;

describe("app lock inside Telegram's chrome", () => {
  test.for(['en', 'ru'] as const)('%s on 8.0: the lock hides the MainButton and the BackButton of an open sheet; the unlock gives them back', async (lang, { app: { page, baseUrl } }) => {
    const t = TEXT[lang];
    const wallet = WALLET[lang];
    const user = await signUpViaApi(baseUrl, `lock-chrome-${lang}`, { firstName: 'Ivan', lastName: 'Locksmith' });
    await api(baseUrl, 'POST', '/api/app-lock/passcode', { passcode: '2580' }, user.accessToken);
    await openSignedIn(page, baseUrl, user, '/wallet?tgMockVersion=8.0&tgMockChrome=telegram', lang);
    // The server says there is a lock: a restored session opens locked.
    await visible(lockScreen(page));
    await unlockWithPasscode(page, lang, '2580');
    await hidden(lockScreen(page));

    // A sheet with Telegram's MainButton (and the BackButton that closes it).
    await page.getByRole('button', { name: wallet.actions.exchange }).first().click();
    await page.getByRole('dialog').waitFor({ timeout: 15_000 });
    await expect.poll(() => mainButton(page).textContent(), { timeout: 15_000 }).toBe(wallet.exchange.continue);
    await visible(mainButton(page));
    await visible(telegramBack(page));

    // Backgrounded (Telegram's `deactivated`): locked, and Telegram draws neither button.
    await page.evaluate(() => (window as unknown as { __tgMockEmit: (event: string, payload?: unknown) => void }).__tgMockEmit('visibility_changed', { is_visible: false }));
    await visible(lockScreen(page));
    await expectNothingOfTheAccount(page, lang);
    await expect.poll(() => mainButton(page).isVisible()).toBe(false);
    await expect.poll(() => telegramBack(page).isVisible()).toBe(false);
    expect((await lastSetup(page, 'web_app_setup_main_button'))?.is_visible).toBe(false);
    expect((await lastSetup(page, 'web_app_setup_back_button'))?.is_visible).toBe(false);
    await saveScreenshot(page, `app-lock-telegram-chrome-locked-${lang}`);

    // Unlocked: the sheet and its buttons are back.
    await unlockWithPasscode(page, lang, '2580');
    await hidden(lockScreen(page));
    await page.getByRole('dialog').waitFor({ timeout: 15_000 });
    await expect.poll(() => mainButton(page).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await mainButton(page).textContent()).toBe(wallet.exchange.continue);
    await visible(telegramBack(page));
    expect((await lastSetup(page, 'web_app_setup_main_button'))?.is_visible).toBe(true);
    expect((await lastSetup(page, 'web_app_setup_back_button'))?.is_visible).toBe(true);
    await saveScreenshot(page, `app-lock-telegram-chrome-unlocked-${lang}`);
  });
});

describe('the lock holds at the server (issue #31)', () => {
  test.override({ appOptions: { env: { APP_LOCK_STEP_UP_SECONDS: '10' } } });
  test.for(['en', 'ru'] as const)('%s: locked from another session → the lock screen, never a sign-out; a stale unlock → "Confirm it’s you", then the call goes through', async (lang, { app: { page, baseUrl } }) => {
    const t = TEXT[lang];
    const user = await signUpViaApi(baseUrl, `lock-server-${lang}`, { firstName: 'Ivan', lastName: 'Locksmith' });
    await openSignedIn(page, baseUrl, user, '/wallet', lang);
    await visible(page.getByTestId('wallet-balance'));
    // Another session of the account sets the passcode: this browser's session is locked at the server.
    const other = await signInViaApi(baseUrl, user.email);
    await api(baseUrl, 'POST', '/api/app-lock/passcode', { passcode: '1357' }, other.accessToken);
    const refused = await fetch(`${baseUrl}/api/wallet`, { headers: { authorization: `Bearer ${user.accessToken}` } });
    expect(refused.status).toBe(423);
    // The app learns it from the server (no hint on this device): the lock screen, not the sign-in.
    await page.reload();
    await visible(lockScreen(page));
    await expectNothingOfTheAccount(page, lang);
    expect(new URL(page.url()).pathname).toBe('/wallet');
    await saveScreenshot(page, `app-lock-server-locked-${lang}`);
    await unlockWithPasscode(page, lang, '1357');
    await hidden(lockScreen(page));
    await visible(page.getByTestId('wallet-balance'));

    // Ending the other sessions needs an unlock younger than the step-up window (10 s here).
    await page.goto(`${baseUrl}/settings`);
    await visible(lockScreen(page)); // a reload of an account with a lock opens locked
    await unlockWithPasscode(page, lang, '1357');
    await visible(page.getByRole('heading', { level: 1, name: t.settings }));
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    await page.getByRole('button', { name: t.endOthers }).click();
    await confirmInApp(page, t.endOthersTitle, t.endAll); // the confirmation comes first, the step-up after it
    const prompt = page.getByTestId('step-up-screen');
    await visible(prompt);
    await visible(page.getByRole('heading', { name: t.confirm }));
    expect(await page.getByRole('heading', { level: 1, name: t.settings }).count()).toBe(1); // the screen stays under the prompt
    await saveScreenshot(page, `app-lock-step-up-${lang}`);
    await page.getByLabel(t.passcode, { exact: true }).fill('1357');
    await page.getByRole('button', { name: t.unlock, exact: true }).click();
    await hidden(prompt);
    // The waiting call was sent again: the other session has ended.
    await expect.poll(async () => (await fetch(`${baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${other.accessToken}` } })).status, { timeout: 10_000 }).toBe(401);
  });
});
