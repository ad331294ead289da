/**
 * The wallet's first paint after the bundle trim (issue #13, docs/performance.md "Bundle budget"), in English and in
 * Russian: the history's search/filters/statement panel are a lazy chunk and a placeholder of their height stands
 * in, so the rows do not move when they arrive; the first paint's GETs are sent once each (started at boot, joined
 * by the page's own requests, never sent twice); a declined row says why once `errors` is there; a sheet opens
 * with its texts (its slice's, loaded with its code). Screenshots: test-results/e2e/wallet-bundle-<lang>-*.png.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import { api, fundUsdt, hidden, openSignedIn, ROOT, saveScreenshot, setVerification, signUpViaApi, test, visible, appTexts, walletTexts } from './support';

type Lang = 'en' | 'ru';
type Json = Record<string, any>;
const locale = (lang: Lang, ns: string): Json => JSON.parse(readFileSync(resolve(ROOT, `src/shared/i18n/locales/${lang}/${ns}.json`), 'utf8'));

const FIRST_PAINT_GETS = ['/api/wallet', '/api/wallet/transactions', '/api/config', '/api/config/exchange-rates'];
const firstRowTop = (page: Page) =>
  page.locator('[data-testid="transaction-history"] [data-testid="transaction-amount"]').first().evaluate((node) => node.getBoundingClientRect().top);

function firstPaint(lang: Lang) {
  return async ({ app }: { app: { page: Page; baseUrl: string } }) => {
    const { page, baseUrl } = app;
    const wallet = locale(lang, 'wallet');
    const actions = walletTexts(lang);
    const errors = locale(lang, 'errors');
    const history = appTexts(lang, 'history-search');
    const user = await signUpViaApi(baseUrl, `bundle-${lang}`, { firstName: lang === 'ru' ? 'Ivan' : 'Anna', lastName: lang === 'ru' ? 'Petrov' : 'Smith' });
    await setVerification(baseUrl, user.email, 'verified');
    await fundUsdt(baseUrl, user.accessToken, 25);
    // A declined SBP attempt: a failed row whose reason is in `errors` (not on the first paint).
    const payment = await api(baseUrl, 'POST', '/api/wallet/sbp', { amount: 500_00 }, user.accessToken, { 'idempotency-key': randomUUID() });
    await api(baseUrl, 'POST', `/api/dev/sbp/invoices/${payment.invoiceId}/decline`);
    await expect.poll(async () => (await api(baseUrl, 'GET', `/api/wallet/sbp/${payment.paymentId}`, undefined, user.accessToken)).status, { timeout: 15_000 }).toBe('failed');

    // The tools' chunk is held until the rows are measured with the placeholder in its place.
    let releaseTools: () => void = () => undefined;
    const toolsHeld = new Promise<void>((resolveHeld) => (releaseTools = resolveHeld));
    await page.route('**/assets/history-tools-*.js', async (route: Route) => {
      await toolsHeld;
      await route.continue();
    });
    const gets: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname.startsWith('/api/')) gets.push(url.pathname);
    });

    await openSignedIn(page, baseUrl, user, '/wallet', lang);
    await visible(page.getByTestId('wallet-balance').locator('[data-currency="USD"]'));
    await visible(page.getByTestId('history-tools-placeholder'));
    // The declined row says why, in words (errors:reasons), once `errors` is there (not held back here).
    await visible(page.getByTestId('transaction-history').getByText(errors.reasons.PAYMENT_DECLINED, { exact: false }));
    await visible(page.getByTestId('transaction-history').getByText(wallet.transaction.status.declined, { exact: true }));
    await saveScreenshot(page, `wallet-bundle-${lang}-wallet-before-tools`);
    const before = await firstRowTop(page);
    releaseTools();
    await visible(page.getByTestId('history-filters'));
    await visible(page.getByRole('searchbox', { name: history.filters.search }));
    await hidden(page.getByTestId('history-tools-placeholder'));
    // The placeholder has the tools' height: the rows stay where they were (a pixel of rounding at most).
    expect(Math.abs((await firstRowTop(page)) - before)).toBeLessThanOrEqual(2);
    await saveScreenshot(page, `wallet-bundle-${lang}-wallet`);

    // Every first-paint GET went out once (boot started them, the page's gates joined them).
    for (const path of FIRST_PAINT_GETS) expect(gets.filter((p) => p === path), path).toHaveLength(1);

    // A sheet opens with its texts (its slice's, loaded with its code).
    await page.getByRole('button', { name: wallet.actions.exchange, exact: true }).click();
    const sheet = page.getByRole('dialog', { name: actions.exchange.title });
    await visible(sheet.getByRole('textbox', { name: actions.exchange.youPay }));
    await saveScreenshot(page, `wallet-bundle-${lang}-exchange-sheet`);
  };
}

describe('wallet first paint after the bundle trim (issue #13)', () => {
  test('in English', firstPaint('en'));
  test('in Russian', firstPaint('ru'));
});
