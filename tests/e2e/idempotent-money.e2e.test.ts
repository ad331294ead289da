/**
 * Money moves once (the "Trust" issue, docs/frontend-data.md "Idempotent mutations"), in Chromium against the real
 * server: the request reaches the server and is carried out (`route.fetch()`), but its answer never reaches the page
 * (`route.abort()`). The user closes the sheet (or leaves the screen and reloads), opens it again and confirms the
 * same thing: the app resends the SAME Idempotency-Key, the server replays its answer, and the API shows exactly
 * one transfer.
 */
import { resolve } from 'node:path';
import type { Page, Request, Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import enErrors from '../../src/shared/i18n/locales/en/errors.json';
import { api, fundUsdt, hidden, issueCardViaApi, openSignedIn, saveScreenshot, setVerification, signUpViaApi, test, visible, type ApiUser, cardTexts } from './support';

const c = cardTexts('en');

/** IDEM_E2E_STATIC_DIR: serve another build (`vite build --outDir <dir>`) instead of dist/. */
const staticDir = process.env.IDEM_E2E_STATIC_DIR ? { staticDir: resolve(process.env.IDEM_E2E_STATIC_DIR) } : {};

async function fundedUser(baseUrl: string): Promise<ApiUser> {
  const user = await signUpViaApi(baseUrl, 'idem', { firstName: 'Anna', lastName: 'Smith' });
  await setVerification(baseUrl, user.email, 'verified');
  await fundUsdt(baseUrl, user.accessToken, 100);
  return user;
}

/**
 * The first request to `path` is carried out by the server, but the page never gets the answer; later ones pass.
 */
async function loseFirstAnswer(page: Page, method: string, path: string) {
  const seen = { requests: [] as Request[], firstStatus: 0 };
  await page.route(
    (url) => url.pathname === path,
    async (route: Route) => {
      if (route.request().method() !== method) return route.fallback();
      seen.requests.push(route.request());
      if (seen.requests.length > 1) return route.continue();
      seen.firstStatus = (await route.fetch()).status();
      await route.abort('failed');
    },
  );
  return seen;
}

const usdAvailable = async (baseUrl: string, token: string) =>
  (await api(baseUrl, 'GET', '/api/wallet', undefined, token)).balances.find((b: { currency: string }) => b.currency === 'USD').available.amount as number;
const walletTransactions = async (baseUrl: string, token: string, type: string) =>
  (await api(baseUrl, 'GET', `/api/wallet/transactions?type=${type}&limit=50`, undefined, token)).items as unknown[];

describe('A lost answer, then the same confirmation again: the money moves once', () => {
  test.override({ appOptions: { ...staticDir } });

  test('card top-up: answer lost, sheet closed and reopened, confirmed again → one transfer', async ({ app: { page, baseUrl } }) => {
    const user = await fundedUser(baseUrl);
    await api(baseUrl, 'POST', '/api/dev/card-issuer/mode', { delayMs: 0 });
    const cardId = await issueCardViaApi(baseUrl, user.accessToken, { initialDeposit: 20_00 });
    const cardBefore = (await api(baseUrl, 'GET', `/api/cards/${cardId}/balance`, undefined, user.accessToken)).available.amount as number;
    const walletBefore = await usdAvailable(baseUrl, user.accessToken);
    const transfersBefore = (await walletTransactions(baseUrl, user.accessToken, 'cardTransfer')).length;

    await openSignedIn(page, baseUrl, user, `/cards/${cardId}`, 'en');
    const topUp = await loseFirstAnswer(page, 'POST', `/api/cards/${cardId}/topup`);

    const confirmTopUp = async () => {
      await page.getByRole('button', { name: c.actions.topUp }).click();
      const sheet = page.getByRole('dialog', { name: c.topUp.title });
      await visible(sheet);
      await sheet.getByRole('textbox').fill('15');
      await sheet.getByRole('button', { name: c.topUp.continue }).click();
      await visible(sheet.getByText(c.topUp.youWillBeCharged));
      await sheet.getByRole('button', { name: c.topUp.confirm, exact: true }).click();
      return sheet;
    };

    // $15.00 + 1.5 % fee ($0.23) = $15.23. The server does it; the page hears only a dropped connection.
    const sheet = await confirmTopUp();
    await visible(page.getByText(enErrors.cards.operationError).first());
    expect(topUp.firstStatus).toBe(200);
    expect(await usdAvailable(baseUrl, user.accessToken)).toBe(walletBefore - 15_23);
    await saveScreenshot(page, 'idempotent-money-01-topup-lost');

    // The user gives up on this sheet, opens it again and confirms the same top-up.
    await page.keyboard.press('Escape');
    await hidden(sheet);
    await page.mouse.move(0, 0);
    await confirmTopUp();
    await visible(page.getByText(c.topUp.accepted));
    await hidden(sheet);

    const [first, second] = topUp.requests;
    expect(topUp.requests).toHaveLength(2);
    expect(second!.headers()['idempotency-key']).toBe(first!.headers()['idempotency-key']);
    expect(second!.postDataJSON()).toEqual(first!.postDataJSON());

    // Exactly one transfer: the card got $15.00 once, the wallet paid $15.23 once, one history entry.
    await expect
      .poll(async () => (await api(baseUrl, 'GET', `/api/cards/${cardId}/balance`, undefined, user.accessToken)).available.amount, { timeout: 30_000, interval: 300 })
      .toBe(cardBefore + 15_00);
    expect(await usdAvailable(baseUrl, user.accessToken)).toBe(walletBefore - 15_23);
    expect(await walletTransactions(baseUrl, user.accessToken, 'cardTransfer')).toHaveLength(transfersBefore + 1);
    await saveScreenshot(page, 'idempotent-money-02-topup-once');
  });

  test('card issue: answer lost, the page reloaded, the same card confirmed again → one card, one charge', async ({ app: { page, baseUrl } }) => {
    const user = await fundedUser(baseUrl);
    await api(baseUrl, 'POST', '/api/dev/card-issuer/mode', { delayMs: 0 });
    const walletBefore = await usdAvailable(baseUrl, user.accessToken);
    const productId = 'prd_visa_virtual_usd';

    await openSignedIn(page, baseUrl, user, `/card-issue/detail/${productId}`, 'en');
    const issue = await loseFirstAnswer(page, 'POST', '/api/cards');

    const confirmIssue = async () => {
      await visible(page.getByText(c.product.feesTitle));
      await page.getByRole('textbox', { name: new RegExp(c.issue.depositLabel.replace('{{currency}}', '')) }).fill('20');
      await page.getByRole('button', { name: c.issue.submit, exact: true }).click();
      const confirmation = page.getByRole('dialog', { name: c.issue.confirmTitle });
      await visible(confirmation);
      await confirmation.getByRole('button', { name: c.issue.confirm, exact: true }).click();
    };

    await confirmIssue();
    await visible(page.getByText(enErrors.cards.operationError).first());
    expect(issue.firstStatus).toBe(200);
    const charged = walletBefore - (await usdAvailable(baseUrl, user.accessToken));
    expect(charged).toBeGreaterThan(20_00);

    // A reload: the key of this intent lives in sessionStorage, not in the screen.
    await page.reload();
    await page.mouse.move(0, 0);
    await confirmIssue();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toMatch(/^\/cards\/crd_/);

    const [first, second] = issue.requests;
    expect(issue.requests).toHaveLength(2);
    expect(second!.headers()['idempotency-key']).toBe(first!.headers()['idempotency-key']);
    const cards = (await api(baseUrl, 'GET', '/api/cards', undefined, user.accessToken)).items as unknown[];
    expect(cards).toHaveLength(1);
    expect(await usdAvailable(baseUrl, user.accessToken)).toBe(walletBefore - charged);
    expect(await walletTransactions(baseUrl, user.accessToken, 'cardIssue')).toHaveLength(1);
  });
});
