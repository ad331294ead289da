/**
 * Account (issue #14) and sessions (issue #15), in English and Russian, through the UI against the real server:
 * edit the profile; change the email with the code from the sandbox mailbox; delete an empty account; open the
 * Terms and the Privacy Policy from the Welcome and from Settings; see two sessions (two browser contexts), end the
 * other one and watch its next call refused.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { api, confirmInApp, openSignedIn, readMailboxCode, saveScreenshot, signUpViaApi, test, uniqueEmail, visible } from './support';

type Lang = 'en' | 'ru';
const T = {
  en: {
    edit: 'Edit name and phone',
    firstName: 'First name',
    lastName: 'Last name',
    phone: 'Phone number',
    save: 'Save',
    saved: 'Profile saved',
    changeEmail: 'Change email',
    newEmail: 'New email',
    sendCode: 'Send code',
    code: 'Code from the email',
    confirmEmail: 'Confirm new email',
    deleteAccount: 'Delete account',
    confirmDelete: 'Yes, delete my account',
    blocked: 'You can\'t delete the account yet:',
    terms: 'Terms of Service',
    privacy: 'Privacy Policy',
    termsLink: 'Terms of Service',
    privacyLink: 'Privacy Policy',
    devices: 'Devices',
    thisDevice: 'This device',
    end: 'End',
    endConfirmTitle: 'End this session?',
    endConfirm: 'End session',
    badName: 'Angle brackets < > are not allowed in a name',
    badPhone: 'Invalid phone number format',
  },
  ru: {
    edit: 'Изменить имя и телефон',
    firstName: 'Имя',
    lastName: 'Фамилия',
    phone: 'Номер телефона',
    save: 'Сохранить',
    saved: 'Профиль сохранён',
    changeEmail: 'Изменить почту',
    newEmail: 'Новая почта',
    sendCode: 'Отправить код',
    code: 'Код из письма',
    confirmEmail: 'Подтвердить новую почту',
    deleteAccount: 'Удалить аккаунт',
    confirmDelete: 'Да, удалить аккаунт',
    blocked: 'Пока удалить аккаунт нельзя:',
    terms: 'Условия использования',
    privacy: 'Политика конфиденциальности',
    termsLink: 'Условиями использования',
    privacyLink: 'Политикой конфиденциальности',
    devices: 'Устройства',
    thisDevice: 'Это устройство',
    end: 'Завершить',
    endConfirmTitle: 'Завершить этот сеанс?',
    endConfirm: 'Завершить',
    badName: '',
    badPhone: '',
  },
} as const;

const me = (baseUrl: string, token: string) => api(baseUrl, 'GET', '/api/users/me', undefined, token);
const storedAccess = (page: Page) => page.evaluate(() => localStorage.getItem('tgwallet.accessToken'));

describe.each(['en', 'ru'] as const)('account (%s)', (lang: Lang) => {
  const t = T[lang];

  test('edit the profile: validation as at sign-up, then saved', async ({ app: { page, baseUrl } }) => {
    const user = await signUpViaApi(baseUrl, `profile-${lang}`, { firstName: 'Ann', lastName: 'Petrova' });
    await openSignedIn(page, baseUrl, user, '/profile', lang);
    await page.getByRole('button', { name: t.edit }).click();
    await page.getByLabel(t.firstName, { exact: true }).fill('<b>Ann</b>');
    await page.getByLabel(t.phone, { exact: true }).fill('89991234567');
    await page.getByRole('button', { name: t.save, exact: true }).click();
    // Both fields refused with words, nothing sent.
    await visible(page.locator('[role="alert"]').nth(1));
    if (t.badName) await visible(page.getByText(t.badName));
    if (t.badPhone) await visible(page.getByText(t.badPhone));
    expect((await me(baseUrl, user.accessToken)).firstName).toBe('Ann');
    await saveScreenshot(page, `account-profile-invalid-${lang}`);

    await page.getByLabel(t.firstName, { exact: true }).fill('Анна-Мария');
    await page.getByLabel(t.lastName, { exact: true }).fill("O'Neil");
    await page.getByLabel(t.phone, { exact: true }).fill('+375 29 123-45-67');
    await page.getByRole('button', { name: t.save, exact: true }).click();
    await visible(page.getByText(t.saved));
    await visible(page.getByRole('heading', { name: "Анна-Мария O'Neil" }));
    expect(await me(baseUrl, user.accessToken)).toMatchObject({ firstName: 'Анна-Мария', lastName: "O'Neil", phoneNumber: '+375291234567' });
    await saveScreenshot(page, `account-profile-saved-${lang}`);
  });

  test('change the email with the code sent to the new address', async ({ app: { page, baseUrl } }) => {
    const user = await signUpViaApi(baseUrl, `email-${lang}`, { firstName: 'Ann', lastName: 'Petrova' });
    const next = uniqueEmail(`new-${lang}`);
    await openSignedIn(page, baseUrl, user, '/profile', lang);
    await page.getByRole('button', { name: t.changeEmail }).click();
    await page.getByLabel(t.newEmail, { exact: true }).fill(next);
    await page.getByRole('button', { name: t.sendCode }).click();
    const code = await readMailboxCode(baseUrl, next, { kind: 'email-change-code' });
    await page.getByLabel(t.code, { exact: true }).fill(code);
    await saveScreenshot(page, `account-email-code-${lang}`);
    // The old address still works until the code is confirmed.
    expect((await me(baseUrl, user.accessToken)).email).toBe(user.email);
    await page.getByRole('button', { name: t.confirmEmail }).click();
    await visible(page.getByText(next).first());
    await expect.poll(async () => (await me(baseUrl, user.accessToken)).email, { timeout: 10_000 }).toBe(next);
    await saveScreenshot(page, `account-email-changed-${lang}`);
  });

  test('delete: refused with words while money is there; an empty account is deleted and signed out', async ({ app: { page, baseUrl } }) => {
    const funded = await signUpViaApi(baseUrl, `funded-${lang}`, { firstName: 'Ann', lastName: 'Petrova' });
    const wallet = await api(baseUrl, 'GET', '/api/wallet', undefined, funded.accessToken);
    await api(baseUrl, 'POST', '/api/dev/tron/transfers', { amount: `25.${wallet.usdtDepositTag}` });
    await openSignedIn(page, baseUrl, funded, '/profile', lang);
    await page.getByRole('button', { name: t.deleteAccount }).click();
    await visible(page.getByText(t.blocked));
    await visible(page.getByText(/USD/).first());
    await saveScreenshot(page, `account-delete-blocked-${lang}`);

    const empty = await signUpViaApi(baseUrl, `empty-${lang}`, { firstName: 'Ann', lastName: 'Petrova' });
    await openSignedIn(page, baseUrl, empty, '/profile', lang);
    await page.getByRole('button', { name: t.deleteAccount }).click();
    await page.getByRole('button', { name: t.confirmDelete }).waitFor({ timeout: 10_000 });
    await saveScreenshot(page, `account-delete-confirm-${lang}`);
    await page.getByRole('button', { name: t.confirmDelete }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/');
    expect(await storedAccess(page)).toBeNull();
    const refused = await fetch(`${baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${empty.accessToken}` } });
    expect(refused.status).toBe(401);
  });

  test('terms and privacy from the Welcome and from Settings', async ({ app: { page, baseUrl } }) => {
    await page.goto(`${baseUrl}/`);
    await page.evaluate((l) => localStorage.setItem('tgwallet.language', l), lang);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('link', { name: t.termsLink }).click();
    await visible(page.getByRole('heading', { name: t.terms, level: 1 }));
    await saveScreenshot(page, `account-terms-${lang}`);
    await page.goBack();
    await page.getByRole('link', { name: t.privacyLink }).click();
    await visible(page.getByRole('heading', { name: t.privacy, level: 1 }));
    await saveScreenshot(page, `account-privacy-${lang}`);

    const user = await signUpViaApi(baseUrl, `legal-${lang}`, { firstName: 'Ann', lastName: 'Petrova' });
    await openSignedIn(page, baseUrl, user, '/settings', lang);
    await page.getByRole('link', { name: t.privacy }).click();
    await visible(page.getByRole('heading', { name: t.privacy, level: 1 }));
    expect(new URL(page.url()).pathname).toBe('/privacy');
    await page.goBack();
    await page.getByRole('link', { name: t.terms }).click();
    await visible(page.getByRole('heading', { name: t.terms, level: 1 }));
  });

  test('two sessions: end the other one, its next call is refused', async ({ app: { page, baseUrl, newPage } }) => {
    const user = await signUpViaApi(baseUrl, `sessions-${lang}`, { firstName: 'Ann', lastName: 'Petrova' });
    // A second sign-in from another browser context (its own storage).
    await api(baseUrl, 'POST', '/api/auth/send-code', { email: user.email, purpose: 'signin' });
    const code = await readMailboxCode(baseUrl, user.email, { kind: 'signin-code' });
    const other = await api(baseUrl, 'POST', '/api/auth/verify-code', { email: user.email, code }, undefined, {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    const second = await newPage();
    await openSignedIn(second, baseUrl, other, '/wallet', lang);

    await openSignedIn(page, baseUrl, user, '/settings', lang);
    const rows = page.getByTestId('session-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    await visible(rows.first().getByText(t.thisDevice));
    await visible(page.getByText('Safari 17 · iOS', { exact: true }));
    await page.getByRole('region', { name: t.devices }).scrollIntoViewIfNeeded().catch(() => undefined);
    await saveScreenshot(page, `account-sessions-two-${lang}`);

    const end = rows.nth(1).getByRole('button');
    expect(await end.textContent()).toBe(t.end);
    await end.click();
    // "End this session?" first: nothing ends on one tap.
    await saveScreenshot(page, `account-sessions-confirm-${lang}`);
    expect(await rows.count()).toBe(2);
    await confirmInApp(page, t.endConfirmTitle, t.endConfirm);
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    await saveScreenshot(page, `account-sessions-one-${lang}`);

    // The other device: its very next call is refused (401), and it lands on the sign-in screen.
    const refused = await fetch(`${baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${other.accessToken}` } });
    expect(refused.status).toBe(401);
    await second.goto(`${baseUrl}/settings`);
    await expect.poll(() => new URL(second.url()).pathname, { timeout: 15_000 }).toBe('/signin');
    await saveScreenshot(second, `account-sessions-ended-device-${lang}`);
  });
});
