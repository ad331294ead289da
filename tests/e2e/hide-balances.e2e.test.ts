/**
 * "Hide balances" hides the user's money, not what the app offers or asks the user to act on (issue #35): with balances
 * hidden, the wallet's amounts are masked, but the referral bonus on offer, the card prices and what blocks deleting
 * the account keep their figures. The deletion blocker of a card still being issued says to wait, not to close it.
 * English and Russian; screenshots test-results/e2e/hide-balances-*.png.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { api, fundUsdt, openSignedIn, saveScreenshot, setVerification, signUpViaApi, test, visible } from './support';

const T = {
  en: { hide: 'Hide balances', bonus: /Invite friends, earn \$5\.00/, earned: 'Earned', remove: 'Delete account', issuing: 'A card is being issued', wallet: /Your USD wallet holds \$\d/, price: /\$\d+\.\d\d/ },
  ru: { hide: 'Скрыть балансы', bonus: /получайте 5,00\s\$/, earned: 'Заработано', remove: 'Удалить аккаунт', issuing: 'Карта ещё выпускается', wallet: /\d,\d\d\s\$/, price: /\d,\d\d\s[$₽]/ },
} as const;

function hiddenRun(lang: 'en' | 'ru') {
  return async ({ app: { page, baseUrl } }: { app: { page: import('playwright-core').Page; baseUrl: string } }) => {
    const t = T[lang];
    const user = await signUpViaApi(baseUrl, `hidden-${lang}`, { firstName: 'Anna', lastName: 'Smirnova' });
    await setVerification(baseUrl, user.email);
    await fundUsdt(baseUrl, user.accessToken, 100);
    // A card the issuer has not issued yet (10 minutes per step): it cannot be closed, only waited for.
    await api(baseUrl, 'POST', '/api/dev/card-issuer/mode', { delayMs: 600_000 });
    await api(baseUrl, 'POST', '/api/cards', { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 }, user.accessToken, { 'idempotency-key': randomUUID() });
    try {
      await openSignedIn(page, baseUrl, user, '/wallet', lang);
      await page.evaluate(() => localStorage.setItem('tgwallet.hideBalances', '1'));
      await page.reload();
      const balance = page.getByTestId('wallet-balance');
      await expect.poll(async () => (await balance.textContent()) ?? '', { timeout: 15_000 }).toContain('••••');
      expect((await balance.textContent()) ?? '').not.toMatch(/\d/);

      // The referral bonus is an offer, not the user's money; what they earned is.
      await page.goto(`${baseUrl}/referral`);
      await visible(page.getByRole('heading', { name: t.bonus }));
      const earned = page.locator('dl div').filter({ hasText: t.earned });
      expect(await earned.textContent()).toContain('••••');
      await saveScreenshot(page, `hide-balances-referral-${lang}`);

      // Prices of the catalogue stay readable.
      await page.goto(`${baseUrl}/card-issue`);
      await expect.poll(async () => (await page.locator('main').textContent()) ?? '', { timeout: 15_000 }).toMatch(t.price);

      // What blocks the deletion, with its figures, and the card being issued: wait, not close.
      await page.goto(`${baseUrl}/profile`);
      await page.getByRole('button', { name: t.remove }).click();
      await visible(page.getByText(t.issuing, { exact: false }));
      await visible(page.getByText(t.wallet));
      await saveScreenshot(page, `hide-balances-deletion-${lang}`);
    } finally {
      await api(baseUrl, 'POST', '/api/dev/card-issuer/mode', { delayMs: null });
    }
  };
}

describe('Hide balances hides the user’s money only', () => {
  test('English', hiddenRun('en'), 90_000);
  describe('Russian', () => {
    test.override({ appOptions: { locale: 'ru-RU' } });
    test('Russian', hiddenRun('ru'), 90_000);
  });
});
