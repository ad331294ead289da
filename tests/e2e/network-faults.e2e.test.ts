/**
 * Network faults end to end (GitHub issue #7: "network drops and slow responses (timeouts, 5xx, malformed JSON)
 * show the spec's messages and recover without a reload"), in Chromium against the real server, with the faults
 * injected by Playwright request interception:
 *  - a dropped connection on the wallet and its history: 1 + 3 attempts (SPEC §9), "Failed to fetch wallet" /
 *    "Network error occurred", then the network comes back and "Try again" shows the real balance;
 *  - 5xx on the cards list: a proxy's bare 503 and a 500 carrying the server error object, each retried 3 times;
 *  - a malformed JSON answer (200 `{"success":tru`) and a dropped connection, in Russian;
 *  - a slow (3 s) but successful answer: the loading state, then the data, no error;
 *  - an exchange whose answer never comes (the server did exchange): the 10 s timeout message, the quote expires
 *    meanwhile, and confirming again at the new rate replays the lost request — the money moves once.
 * Every recovery happens in the same document: a marker set on `window` before the fault is still there after.
 */
import { resolve } from 'node:path';
import type { Page, Request, Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import enCommon from '../../src/shared/i18n/locales/en/common.json';
import enErrorCodes from '../../src/shared/i18n/locales/en/error-codes.json';
import enErrors from '../../src/shared/i18n/locales/en/errors.json';
import enShell from '../../src/shared/i18n/locales/en/shell.json';
import enWallet from '../../src/shared/i18n/locales/en/wallet.json';
import ruCommon from '../../src/shared/i18n/locales/ru/common.json';
import ruErrors from '../../src/shared/i18n/locales/ru/errors.json';
import ruShell from '../../src/shared/i18n/locales/ru/shell.json';
import { formatMoney } from '../../src/shared/money';
import { api, fundUsdt, hidden, openSignedIn, saveScreenshot, setVerification, signUpViaApi, test, visible, walletTexts, type ApiUser, cardTexts } from './support';

/** SPEC §9: a query is retried up to 3 times (not on 4xx): 4 attempts in all. */
const QUERY_ATTEMPTS = 1 + 3;

/**
 * NETFAULTS_E2E_STATIC_DIR: serve a build from elsewhere (`vite build --outDir <dir>`) instead of dist/, for runs
 * while someone else rebuilds dist/.
 */
const staticDir = process.env.NETFAULTS_E2E_STATIC_DIR ? { staticDir: resolve(process.env.NETFAULTS_E2E_STATIC_DIR) } : {};

/** A verified user with 100 USDT credited to the USD balance. */
async function fundedUser(baseUrl: string): Promise<ApiUser & { usd: number }> {
  const user = await signUpViaApi(baseUrl, 'netfaults', { firstName: 'Anna', lastName: 'Smith' });
  await setVerification(baseUrl, user.email, 'verified');
  return { ...user, usd: await fundUsdt(baseUrl, user.accessToken, 100) };
}

type Reply = (route: Route) => Promise<void>;

/**
 * Answers every request to `path` (any query string) with `reply` and records it. `reply` can be swapped
 * (`fault.reply = ...`); `restore()` gives the real network back.
 */
async function injectFault(page: Page, path: string, reply: Reply) {
  const matches = (url: URL) => url.pathname === path;
  const fault = {
    reply,
    requests: [] as Request[],
    restore: () => page.unroute(matches, handler),
  };
  async function handler(route: Route) {
    fault.requests.push(route.request());
    await fault.reply(route);
  }
  await page.route(matches, handler);
  return fault;
}

const dropConnection =
  (reason: 'internetdisconnected' | 'failed'): Reply =>
  (route) =>
    route.abort(reason);

/**
 * Proves the page is never reloaded: a marker on `window` set now must still be there at `check()` (a reload or
 * a full navigation starts a fresh window without it).
 */
async function noReloadGuard(page: Page) {
  await page.evaluate(() => Object.assign(window, { __noReload: 1 }));
  return { check: async () => expect(await page.evaluate(() => (window as { __noReload?: number }).__noReload)).toBe(1) };
}

/** The error state (role alert) of one part of the screen: its heading is what failed, its text why. */
const errorState = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

const money = (amount: number, currency: string, lang: 'en' | 'ru' = 'en') => formatMoney({ amount, currency }, lang);
const anyOf = (...texts: string[]) => new RegExp(`^(${texts.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);

describe('Network faults in English', () => {
  test.override({ appOptions: { ...staticDir } });

  test('wallet and history: the connection drops on every try → 4 attempts, the SPEC messages, "Try again" once it is back', async ({ app: { page, baseUrl } }) => {
    const user = await fundedUser(baseUrl);
    await openSignedIn(page, baseUrl, user, '/settings', 'en');
    await visible(page.getByRole('heading', { level: 1 }));
    const guard = await noReloadGuard(page);
    const wallet = await injectFault(page, '/api/wallet', dropConnection('internetdisconnected'));
    const history = await injectFault(page, '/api/wallet/transactions', dropConnection('failed'));

    // In-app navigation to the wallet tab (no document load).
    await page.getByRole('link', { name: enShell.tabs.wallet, exact: true }).click();
    const walletError = errorState(page, enErrors.wallet.fetchWalletFailed);
    const historyError = errorState(page, enErrors.wallet.fetchTransactionsFailed);
    await visible(walletError, 20_000);
    await visible(historyError, 20_000);
    // What failed, then why: "Failed to fetch wallet" / "Network error occurred".
    await visible(walletError.getByRole('heading', { name: enErrors.wallet.fetchWalletFailed }));
    await visible(walletError.getByText(enErrors.transport.network, { exact: true }));
    await visible(historyError.getByText(enErrors.transport.network, { exact: true }));
    expect(wallet.requests).toHaveLength(QUERY_ATTEMPTS);
    expect(history.requests).toHaveLength(QUERY_ATTEMPTS);
    await saveScreenshot(page, 'netfaults-en-01-network-drop');

    // The network is back: "Try again" (no reload) shows the real balance and history.
    await wallet.restore();
    await history.restore();
    await walletError.getByRole('button', { name: enCommon.actions.retry }).click();
    const balances = page.getByTestId('wallet-balance');
    await visible(balances.locator('[data-currency="USD"]').getByText(money(user.usd, 'USD')));
    await hidden(walletError);
    await historyError.getByRole('button', { name: enCommon.actions.retry }).click();
    await visible(page.getByTestId('transaction-history').getByText(enWallet.transaction.types.usdtDeposit));
    await hidden(historyError);
    await guard.check();
    await saveScreenshot(page, 'netfaults-en-02-recovered');
  });

  test('cards list: a bare 503 and a 500 with the server error object, 3 retries each, then recovery', async ({ app: { page, baseUrl } }) => {
    const user = await fundedUser(baseUrl);
    await openSignedIn(page, baseUrl, user, '/wallet', 'en');
    await visible(page.getByTestId('wallet-balance').getByText(money(user.usd, 'USD')));
    const guard = await noReloadGuard(page);
    // A proxy's page, no error object: "HTTP 503: Service Unavailable" → the operation's own message.
    const cards = await injectFault(page, '/api/cards', (route) =>
      route.fulfill({ status: 503, contentType: 'text/html', body: '<html><body><h1>503 Service Unavailable</h1></body></html>' }),
    );
    await page.getByRole('link', { name: enShell.tabs.cards, exact: true }).click();
    const cardsError = errorState(page, enErrors.cards.operationError);
    await visible(cardsError, 20_000);
    await visible(cardsError.getByRole('heading', { name: enErrors.cards.operationError }));
    await visible(cardsError.getByText(enErrors.cards.fetchCardsFailed, { exact: true }));
    expect(cards.requests).toHaveLength(QUERY_ATTEMPTS);
    await saveScreenshot(page, 'netfaults-en-03-cards-503');

    // The server's error object (SPEC wording `serviceName`): its code says why, in the user's language.
    cards.reply = (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: { serviceName: 'cards', code: 'INTERNAL', message: 'Card store unreachable' } }),
      });
    await cardsError.getByRole('button', { name: enCommon.actions.retry }).click();
    await visible(cardsError.getByText(`${enErrors.cards.fetchCardsFailed}. ${enErrorCodes.INTERNAL}`, { exact: true }), 20_000);
    expect(cards.requests).toHaveLength(2 * QUERY_ATTEMPTS);
    // The server's developer message is not user text.
    expect(await page.getByText('Card store unreachable').count()).toBe(0);
    await saveScreenshot(page, 'netfaults-en-04-cards-500');

    await cards.restore();
    await cardsError.getByRole('button', { name: enCommon.actions.retry }).click();
    await visible(page.getByText(cardTexts('en').list.emptyTitle));
    await hidden(cardsError);
    await guard.check();
  });

  test('a slow (3 s) but successful answer: the loading state, then the balance, no error and no retry', async ({ app: { page, baseUrl } }) => {
    const user = await fundedUser(baseUrl);
    let answered = false;
    const wallet = await injectFault(page, '/api/wallet', async (route) => {
      await new Promise((done) => setTimeout(done, 3_000));
      answered = true;
      await route.continue();
    });
    await openSignedIn(page, baseUrl, user, '/wallet', 'en');
    const balances = page.getByTestId('wallet-balance');
    await visible(balances.getByRole('status', { name: enCommon.status.loading }));
    expect(answered).toBe(false);
    await visible(balances.getByText(money(user.usd, 'USD')), 10_000);
    await hidden(balances.getByRole('status', { name: enCommon.status.loading }));
    expect(await page.getByRole('alert').filter({ hasText: enErrors.wallet.fetchWalletFailed }).count()).toBe(0);
    expect(wallet.requests.map((request) => request.method())).toEqual(['GET']);
  });
});

describe('Network faults: a lost exchange answer (mutation: never retried by itself, 10 s timeout)', () => {
  // 10 s quotes: the one on screen has surely expired once the 10 s timeout is over.
  test.override({ appOptions: { ...staticDir, env: { EXCHANGE_QUOTE_TTL_SECONDS: '10' } } });

  test('the server exchanged but the answer never came: timeout message, fresh balance, confirming again moves the money once', async ({ app: { page, baseUrl } }) => {
    // The screen's texts and the exchange sheet's.
    const w = walletTexts('en');
    const user = await fundedUser(baseUrl);
    await openSignedIn(page, baseUrl, user, '/wallet', 'en');
    const balanceOf = (currency: string) => page.getByTestId('wallet-balance').locator(`[data-currency="${currency}"]`);
    await visible(balanceOf('USD').getByText(money(user.usd, 'USD')));
    const guard = await noReloadGuard(page);

    // The first exchange reaches the server (which does it), but its answer is held until the app gives up.
    const timing = { sentAt: 0, abandonedAt: 0, firstStatus: 0 };
    const exchange = await injectFault(page, '/api/wallet/exchange', async (route) => {
      if (exchange.requests.length > 1) return route.continue();
      timing.sentAt = Date.now();
      const abandoned = new Promise<void>((done) =>
        page.on('requestfailed', (failed) => failed === route.request() && done()),
      );
      timing.firstStatus = (await route.fetch()).status();
      await abandoned;
      timing.abandonedAt = Date.now();
      await route.abort().catch(() => undefined); // already cancelled by the page
    });

    await page.getByRole('button', { name: w.actions.exchange, exact: true }).click();
    const sheet = page.getByRole('dialog', { name: w.exchange.title });
    await sheet.getByRole('textbox', { name: w.exchange.youPay }).fill('10');
    await visible(sheet.getByTestId('exchange-receive').getByText(/\d/));
    await sheet.getByRole('button', { name: w.exchange.continue }).click();
    const review = page.getByRole('dialog', { name: w.exchange.reviewTitle });
    const confirm = review.getByRole('button', { name: anyOf(w.exchange.confirm, w.exchange.confirmNewRate) });
    await confirm.click();
    // A phone has no hover: keep the mouse off the toast (a hovered toast stays, covering the sheet's buttons).
    await page.mouse.move(0, 0);

    // SPEC §9 10 000 ms, then "Failed to exchange currency" with the timeout explained; the sheet stays open.
    await visible(page.getByText(enErrors.wallet.exchangeFailed, { exact: true }), 20_000);
    await visible(page.getByText(enErrors.transport.timeout, { exact: true }));
    expect(timing.firstStatus).toBe(200);
    expect(timing.abandonedAt - timing.sentAt).toBeGreaterThanOrEqual(9_900);
    expect(exchange.requests).toHaveLength(1); // a mutation is never retried by itself
    await visible(review);
    // The outcome was unknown: the wallet is reloaded and shows what the server did.
    await visible(balanceOf('USD').getByText(money(user.usd - 10_00, 'USD')));
    // Meanwhile the quote expired: the sheet asks to confirm at the new rate.
    await visible(review.getByText(w.exchange.rateChangedTitle), 15_000);
    await saveScreenshot(page, 'netfaults-en-05-exchange-timeout');

    // The toast leaves by itself (SPEC §9: 4000 ms); the user confirms again: the lost request is sent again with
    // its key and the server replays it.
    await hidden(page.getByText(enErrors.wallet.exchangeFailed, { exact: true }));
    await review.getByRole('button', { name: w.exchange.confirmNewRate }).click();
    await hidden(review, 15_000);
    const [first, second] = exchange.requests;
    expect(exchange.requests).toHaveLength(2);
    expect(second!.headers()['idempotency-key']).toBe(first!.headers()['idempotency-key']);
    expect(second!.postDataJSON()).toEqual(first!.postDataJSON());
    const done = (await api(baseUrl, 'GET', '/api/wallet/transactions', undefined, user.accessToken)).items.filter(
      (tx: { type: string }) => tx.type === 'currencyExchange',
    );
    expect(done).toHaveLength(1);
    await visible(page.getByText(w.exchange.done.replace('{{debited}}', money(10_00, 'USD')).replace('{{credited}}', money(done[0].details.counterAmount.amount, 'RUB'))));
    const server = await api(baseUrl, 'GET', '/api/wallet', undefined, user.accessToken);
    expect(server.balances.find((b: { currency: string }) => b.currency === 'USD').available.amount).toBe(user.usd - 10_00);
    await visible(balanceOf('USD').getByText(money(user.usd - 10_00, 'USD')));
    await guard.check();
  });
});

describe('Network faults in Russian', () => {
  test.override({ appOptions: { locale: 'ru-RU', ...staticDir } });

  test('malformed JSON on the wallet and a dropped connection on the history: Russian messages, recovery without reload', async ({ app: { page, baseUrl } }) => {
    const user = await fundedUser(baseUrl);
    await openSignedIn(page, baseUrl, user, '/settings', 'ru');
    await visible(page.getByRole('heading', { level: 1 }));
    const guard = await noReloadGuard(page);
    const wallet = await injectFault(page, '/api/wallet', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":tru' }));
    const history = await injectFault(page, '/api/wallet/transactions', dropConnection('internetdisconnected'));
    await page.getByRole('link', { name: ruShell.tabs.wallet, exact: true }).click();

    // "Failed to parse response" is the reason; the operation's message "Не удалось загрузить кошелёк" is shown.
    const walletError = errorState(page, ruErrors.wallet.fetchWalletFailed);
    const historyError = errorState(page, ruErrors.wallet.fetchTransactionsFailed);
    await visible(walletError, 20_000);
    await visible(walletError.getByText(ruErrors.wallet.fetchWalletFailed, { exact: true }));
    await visible(historyError, 20_000);
    await visible(historyError.getByText(ruErrors.transport.network, { exact: true }));
    expect(wallet.requests).toHaveLength(QUERY_ATTEMPTS);
    expect(history.requests).toHaveLength(QUERY_ATTEMPTS);
    await saveScreenshot(page, 'netfaults-ru-01-malformed-and-drop');

    await wallet.restore();
    await history.restore();
    await walletError.getByRole('button', { name: ruCommon.actions.retry }).click();
    await visible(page.getByTestId('wallet-balance').locator('[data-currency="USD"]').getByText(money(user.usd, 'USD', 'ru')));
    await historyError.getByRole('button', { name: ruCommon.actions.retry }).click();
    await hidden(historyError);
    await visible(page.getByTestId('transaction-history').getByRole('listitem').first());
    await guard.check();
  });
});
