/**
 * Form-level errors are shown where the user looks: right above the sticky button, in view, not covered by it
 * (shared Page/FormScreen footer notice). A short phone screen (390×640), the sign-up resend wait and a sign-in
 * failure, English and Russian.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { saveScreenshot, test } from './support';

const SHORT_PHONE = { width: 390, height: 640 };

const TEXT = {
  en: { firstName: 'First name', lastName: 'Last name', phone: 'Phone number', country: 'Country', email: 'Email', continue: 'Continue', changeEmail: 'Change email', signUpError: 'Sign Up Error', wait: /Please wait \d+ seconds? before requesting a new code/, getCode: 'Get code', signInError: 'Sign In Error' },
  ru: { firstName: 'Имя', lastName: 'Фамилия', phone: 'Номер телефона', country: 'Страна', email: 'Электронная почта', continue: 'Продолжить', changeEmail: 'Изменить почту', signUpError: 'Ошибка регистрации', wait: /\d+/, getCode: 'Получить код', signInError: 'Ошибка входа' },
};

/** The alert is inside the viewport, and the topmost element at its centre and corners belongs to it (not the button). */
async function expectInViewAndUncovered(page: Page, alert: Locator, button: Locator) {
  await alert.waitFor({ state: 'visible', timeout: 15_000 });
  const box = (await alert.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  const points = [
    [box.x + box.width / 2, box.y + box.height / 2],
    [box.x + 4, box.y + 4],
    [box.x + box.width - 4, box.y + box.height - 4],
  ];
  const handle = await alert.elementHandle();
  for (const [x, y] of points) {
    const inside = await page.evaluate(({ x, y, el }) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (el as Element).contains(hit);
    }, { x: x!, y: y!, el: handle });
    expect(inside, `point ${x},${y} of the alert is covered`).toBe(true);
  }
  const buttonBox = (await button.boundingBox())!;
  const overlap = !(buttonBox.y >= box.y + box.height || buttonBox.y + buttonBox.height <= box.y);
  expect(overlap).toBe(false);
  expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(viewport.height);
}

describe('form-level errors are in view above the sticky button (390×640)', () => {
  if (process.env.FORM_ERRORS_E2E_STATIC_DIR) test.override({ appOptions: { staticDir: process.env.FORM_ERRORS_E2E_STATIC_DIR } });

  for (const lang of ['en', 'ru'] as const) {
    test(`${lang}: sign-up resend wait, sign-in failure`, async ({ app: { page, baseUrl } }) => {
      const t = TEXT[lang];
      await page.setViewportSize(SHORT_PHONE);
      await page.goto(`${baseUrl}/`);
      await page.evaluate((lng) => localStorage.setItem('tgwallet.language', lng), lang);
      await page.goto(`${baseUrl}/signup`);
      const email = `form.errors.${lang}.${Date.now()}@example.com`;
      await page.getByLabel(t.firstName, { exact: true }).waitFor({ timeout: 15_000 });
      await page.getByLabel(t.firstName, { exact: true }).fill('Ann');
      await page.getByLabel(t.lastName, { exact: true }).fill('Petrova');
      await page.getByLabel(t.phone, { exact: true }).fill('+7 912 345-67-89');
      await page.getByLabel(t.country, { exact: true }).selectOption('RUS');
      await page.getByLabel(t.email, { exact: true }).fill(email);
      await page.getByRole('button', { name: t.continue }).click();
      // The code step; back to the form and ask again at once: the server refuses (resend wait).
      await page.getByRole('button', { name: t.changeEmail }).click();
      const submit = page.getByRole('button', { name: t.continue });
      await submit.waitFor({ timeout: 15_000 });
      // The user is at the top of a long form when pressing the sticky button.
      await page.evaluate(() => window.scrollTo(0, 0));
      await submit.click();
      const alert = page.getByRole('alert').filter({ hasText: t.signUpError });
      await expectInViewAndUncovered(page, alert, submit);
      expect(await alert.textContent()).toMatch(t.wait);
      await saveScreenshot(page, `form-errors-${lang}-signup-resend-wait`);

      // Sign-in: the server refuses a burst of code requests for one address; any form failure lands in the same place.
      await page.route('**/api/auth/send-code', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, error: { service: 'auth', code: 'UPSTREAM_UNAVAILABLE', message: 'Mail is down' } }),
        }),
      );
      await page.goto(`${baseUrl}/signin`);
      await page.getByLabel(t.email, { exact: true }).waitFor({ timeout: 15_000 });
      await page.getByLabel(t.email, { exact: true }).fill(email);
      const getCode = page.getByRole('button', { name: t.getCode });
      await getCode.click();
      await expectInViewAndUncovered(page, page.getByRole('alert').filter({ hasText: t.signInError }), getCode);
      await saveScreenshot(page, `form-errors-${lang}-signin-failure`);
    });
  }
});
