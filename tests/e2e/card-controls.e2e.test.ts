/**
 * Card controls end to end (issue #14), in Chromium against the real server and its sandbox issuer, in English and
 * Russian: set spending limits and see purchases over them declined with the reason in the card's history; order a
 * physical card with a delivery address (refused first for a wrong postcode) and follow it to delivered, the sandbox
 * issuer's dev control moving it on. Screenshots: test-results/e2e/card-controls-*.png.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  api,
  cardControlsTexts,
  E2E_ADDRESS,
  fillDeliveryAddress,
  fundUsdt,
  issueCardViaApi,
  openSignedIn,
  ROOT,
  saveScreenshot,
  setVerification,
  signUpViaApi,
  test,
  visible,
  cardTexts,
} from './support';

type Lang = 'en' | 'ru';
const texts = (lang: Lang, ns: string) => JSON.parse(readFileSync(resolve(ROOT, `src/shared/i18n/locales/${lang}/${ns}.json`), 'utf8'));
const T = {
  en: { cards: cardTexts('en'), errors: texts('en', 'errors'), cc: cardControlsTexts('en') },
  ru: { cards: cardTexts('ru'), errors: texts('ru', 'errors'), cc: cardControlsTexts('ru') },
};

async function newUser(baseUrl: string, lang: Lang) {
  const ru = lang === 'ru';
  const user = await signUpViaApi(baseUrl, 'controls', { firstName: ru ? 'Ivan' : 'Anna', lastName: ru ? 'Petrov' : 'Smith' });
  await setVerification(baseUrl, user.email, 'verified');
  await fundUsdt(baseUrl, user.accessToken, 1000);
  return user;
}

async function shotOf(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

function limitsFlow(lang: Lang) {
  return async ({ app }: { app: { page: Page; baseUrl: string } }) => {
    const { page, baseUrl } = app;
    const { cards: c, errors: e, cc } = T[lang];
    const user = await newUser(baseUrl, lang);
    const cardId = await issueCardViaApi(baseUrl, user.accessToken, { productId: 'prd_visa_virtual_usd', initialDeposit: 200_00 });
    await openSignedIn(page, baseUrl, user, `/cards/${cardId}`, lang);

    const section = page.getByTestId('card-limits');
    await visible(section.getByRole('heading', { name: cc.limits.title }));
    await visible(section.getByText(cc.limits.none).first());
    await section.getByRole('button', { name: cc.limits.edit }).click();
    const sheet = page.getByRole('dialog', { name: cc.limits.sheetTitle });
    await visible(sheet);
    const perPurchase = sheet.getByLabel(cc.limits.perPurchaseLabel.replace('{{currency}}', 'USD'));
    const monthly = sheet.getByLabel(cc.limits.monthlyLabel.replace('{{currency}}', 'USD'));
    // A per-purchase limit above the monthly one is refused in the form.
    await perPurchase.fill('60');
    await monthly.fill('50');
    await sheet.getByRole('button', { name: cc.limits.save }).click();
    await visible(sheet.getByText(cc.limits.problem.perPurchaseAboveMonthly));
    await shotOf(page, `card-controls-${lang}-limits-refused`);
    await perPurchase.fill(lang === 'en' ? '20' : '20');
    await monthly.fill(lang === 'en' ? '50.00' : '50,00');
    await sheet.getByRole('button', { name: cc.limits.save }).click();
    await visible(page.getByText(cc.limits.savedToast));
    const money = (amount: string) => (lang === 'en' ? `$${amount}` : `${amount.replace('.', ',')}\u00a0$`);
    await visible(section.getByText(money('20.00')));
    await visible(section.getByText(money('50.00')));

    // The sandbox issuer enforces them: 25.00 is over the per-purchase limit; 20 + 20 pass; 15 more is over the month.
    const buy = (amount: number, merchant: string) => api(baseUrl, 'POST', `/api/dev/cards/${cardId}/purchase`, { amount, merchant });
    expect(await buy(25_00, 'BIG SHOP')).toMatchObject({ status: 'declined', declineReason: 'OVER_PURCHASE_LIMIT' });
    expect(await buy(20_00, 'SHOP ONE')).toMatchObject({ status: 'completed' });
    expect(await buy(20_00, 'SHOP TWO')).toMatchObject({ status: 'completed' });
    expect(await buy(15_00, 'LATE SHOP')).toMatchObject({ status: 'declined', declineReason: 'OVER_MONTHLY_LIMIT' });

    await page.reload();
    await visible(section.getByText(cc.limits.spentOf.replace('{{spent}}', money('40.00')).replace('{{limit}}', money('50.00')), { exact: false }));
    await page.getByRole('radio', { name: c.history.trades }).click();
    const big = page.getByRole('listitem').filter({ hasText: 'BIG SHOP' });
    await visible(big.getByText(e.reasons.OVER_PURCHASE_LIMIT, { exact: false }));
    await visible(big.getByText(c.trade.status.declined));
    const late = page.getByRole('listitem').filter({ hasText: 'LATE SHOP' });
    await visible(late.getByText(e.reasons.OVER_MONTHLY_LIMIT, { exact: false }));
    await page.getByTestId('card-limits').scrollIntoViewIfNeeded();
    await saveScreenshot(page, `card-controls-${lang}-limits-declined`);

    // Removing the limits: the next big purchase passes.
    await section.getByRole('button', { name: cc.limits.edit }).click();
    await page.getByRole('dialog', { name: cc.limits.sheetTitle }).getByRole('button', { name: cc.limits.clear }).click();
    await visible(page.getByText(cc.limits.clearedToast));
    expect(await buy(60_00, 'NO LIMIT SHOP')).toMatchObject({ status: 'completed' });
  };
}

function shippingFlow(lang: Lang) {
  return async ({ app }: { app: { page: Page; baseUrl: string } }) => {
    const { page, baseUrl } = app;
    const { cards: c, cc } = T[lang];
    const user = await newUser(baseUrl, lang);
    // The issuer waits 10 minutes per step: the dev control moves the card on, so every stage is seen.
    await api(baseUrl, 'POST', '/api/dev/card-issuer/mode', { delayMs: 600_000 });
    try {
      await openSignedIn(page, baseUrl, user, '/card-issue/detail/prd_visa_physical_usd', lang);
      await visible(page.getByText(c.product.feesTitle));
      await page.getByRole('textbox', { name: new RegExp(c.issue.depositLabel.replace('{{currency}}', '')) }).fill('50');
      // A wrong postcode for the country is refused next to the field, before anything is sent.
      await fillDeliveryAddress(page, lang, { ...E2E_ADDRESS[lang], postcode: '1234' });
      await page.getByRole('button', { name: c.issue.submit }).click();
      const problem = lang === 'en' ? cc.address.problem.postcode_US : cc.address.problem.postcode_RU;
      await visible(page.getByTestId('delivery-address').getByText(problem));
      await page.getByTestId('delivery-address').scrollIntoViewIfNeeded();
      await saveScreenshot(page, `card-controls-${lang}-address-refused`);
      await fillDeliveryAddress(page, lang);
      await page.getByRole('button', { name: c.issue.submit }).click();
      const dialog = page.getByRole('dialog', { name: c.issue.confirmTitle });
      await visible(dialog.getByText(E2E_ADDRESS[lang].line1, { exact: false }));
      await shotOf(page, `card-controls-${lang}-order-confirm`);
      await dialog.getByRole('button', { name: c.issue.confirm }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toMatch(/^\/cards\/crd_/);
      const cardId = new URL(page.url()).pathname.split('/').pop()!;

      const tracker = page.getByTestId('card-shipping');
      await visible(tracker.getByRole('heading', { name: cc.shipping.title }));
      await visible(tracker.getByText(E2E_ADDRESS[lang].city, { exact: false }));
      const current = () => tracker.locator('[aria-current="step"]').getAttribute('data-stage');
      await expect.poll(current, { timeout: 15_000 }).toBe('ordered');
      await shotOf(page, `card-controls-${lang}-shipping-ordered`);

      const advance = () => api(baseUrl, 'POST', `/api/dev/cards/${cardId}/shipment/advance`);
      await expect.poll(async () => (await api(baseUrl, 'GET', `/api/cards/${cardId}`, undefined, user.accessToken)).status, { timeout: 15_000 }).toBe('processing');
      expect((await advance()).stage).toBe('ordered'); // into production (fabricating)
      expect((await advance()).stage).toBe('made');
      await expect.poll(current, { timeout: 15_000 }).toBe('made');
      expect((await advance()).stage).toBe('shipped');
      await expect.poll(current, { timeout: 15_000 }).toBe('shipped');
      await visible(page.getByText(c.statusHint.inactiveShipment.shipped));
      // The carrier, its tracking number and the expected date (the sandbox issuer fills them when it ships).
      const tracking = tracker.getByTestId('card-tracking');
      await visible(tracking.getByText('Sandbox Post'));
      await visible(tracking.getByText(/^SP[0-9A-F]{9}RU$/));
      await visible(tracker.getByText(cc.shipping.expected.replace('{{date}}', ''), { exact: false }));
      await tracker.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `card-controls-${lang}-shipping-shipped`);
      expect((await advance()).stage).toBe('delivered');
      await expect.poll(current, { timeout: 15_000 }).toBe('delivered');
      await visible(tracker.getByText(cc.shipping.stage.delivered));
      expect(await tracker.locator('[data-done]').count()).toBe(4);
      // Delivered: the card says so (not "on its way") and asks for the activation code.
      await visible(page.getByText(c.statusHint.inactiveShipment.delivered));
      expect(await page.getByText(c.statusHint.inactiveShipment.shipped).count()).toBe(0);
      await tracker.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `card-controls-${lang}-shipping-delivered`);
    } finally {
      await api(baseUrl, 'POST', '/api/dev/card-issuer/mode', { delayMs: null });
    }
  };
}

describe('Card controls in English', () => {
  test('spending limits: set, purchases over them declined with the reason, removed', limitsFlow('en'), 120_000);
  test('physical card: delivery address (a wrong ZIP refused), shipping followed to delivered', shippingFlow('en'), 120_000);
});

describe('Card controls in Russian', () => {
  test.override({ appOptions: { locale: 'ru-RU' } });
  test('spending limits: set, purchases over them declined with the reason, removed', limitsFlow('ru'), 120_000);
  test('physical card: delivery address (a wrong postcode refused), shipping followed to delivered', shippingFlow('ru'), 120_000);
});
