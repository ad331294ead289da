/**
 * Wallet end to end (GitHub issue #4, screens), in Chromium against the real server and its sandbox TRON chain
 * and SBP acquirer: a new user tops up with USDT (the transfer is simulated with the exact amount the sheet
 * shows), tops up with SBP (sandbox page: Pay → success page with its countdown → back to /wallet after 10 s;
 * Decline → failed page with the error code → Retry reopens the sheet with the amount), exchanges USD → RUB and
 * RUB → USD with the previewed figures, and finds every step in the history — in English and in Russian.
 * Screenshots: test-results/e2e/wallet-<lang>-*.png.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { formatMoney } from '../../src/shared/money';
import { api, hidden, openSignedIn, ROOT, saveScreenshot, setVerification, signUpViaApi, test, visible, authTexts, walletTexts, type ApiUser } from './support';

type Lang = 'en' | 'ru';
type Json = Record<string, any>;
const locale = (lang: Lang, ns: string): Json => JSON.parse(readFileSync(resolve(ROOT, `src/shared/i18n/locales/${lang}/${ns}.json`), 'utf8'));
const T = { en: { wallet: walletTexts('en'), errors: locale('en', 'errors') }, ru: { wallet: walletTexts('ru'), errors: locale('ru', 'errors') } };
/** i18next-style interpolation for expected texts. */
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A new user, signed up through the API and the sandbox mailbox, then verified (money moves need it) or held under verification. */
async function newUser(baseUrl: string, lang: Lang, status: 'verified' | 'under_verification' = 'verified'): Promise<ApiUser> {
  const user = await signUpViaApi(baseUrl, 'wallet', { firstName: lang === 'ru' ? 'Ivan' : 'Anna', lastName: lang === 'ru' ? 'Petrov' : 'Smith' });
  await setVerification(baseUrl, user.email, status);
  return user;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

function walletJourney(lang: Lang) {
  return async ({ app }: { app: { page: Page; baseUrl: string; context: BrowserContext } }) => {
    const { page, baseUrl, context } = app;
    const w = T[lang].wallet;
    const shot = (name: string) => saveScreenshot(page, `wallet-${lang}-${name}`);
    const money = (amount: number, currency: string, signDisplay?: 'always') => formatMoney({ amount, currency }, lang, { signDisplay });
    const history = page.getByTestId('transaction-history');
    // The rows only: the filters above them name the same types (the Type select's options).
    const rows = history.locator('li');
    const balanceCard = page.getByTestId('wallet-balance');
    const balanceOf = (currency: 'USD' | 'RUB') => balanceCard.locator(`[data-currency="${currency}"]`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });

    const user = await newUser(baseUrl, lang);
    const { usdtDepositTag: tag } = await api(baseUrl, 'GET', '/api/wallet', undefined, user.accessToken);

    // ── /wallet of a new user: zero balances, empty history.
    await openSignedIn(page, baseUrl, user, '/wallet', lang);
    await visible(page.getByRole('heading', { level: 1, name: w.page.title }));
    await visible(balanceOf('USD').getByText(money(0, 'USD')));
    await visible(balanceOf('RUB').getByText(money(0, 'RUB')));
    await visible(history.getByText(w.history.emptyTitle));
    await shot('01-empty');

    // ── USDT top-up: the sheet shows the address, its QR code and the exact amount with the tag.
    await page.getByRole('button', { name: w.actions.usdt }).click();
    const usdt = page.getByRole('dialog', { name: w.usdt.title });
    await visible(usdt);
    await visible(usdt.getByTestId('usdt-deposit-address'));
    const address = await usdt.getByTestId('usdt-deposit-address').textContent();
    expect(address).toBe((await api(baseUrl, 'GET', '/api/config', undefined, user.accessToken)).usdt.depositAddress);
    await visible(usdt.getByRole('img', { name: w.usdt.qrLabel }));
    await visible(usdt.getByText(fill(w.usdt.warning, { tag })));
    await usdt.getByRole('textbox', { name: w.usdt.amountLabel }).fill('5');
    await visible(usdt.getByText(fill(w.usdt.amountErrors.belowMinimum, { minimum: '10 USDT' })));
    await usdt.getByRole('textbox', { name: w.usdt.amountLabel }).fill('100.5');
    await visible(usdt.getByText(w.usdt.amountErrors.notWhole));
    await usdt.getByRole('textbox', { name: w.usdt.amountLabel }).fill('100');
    const exact = usdt.getByTestId('usdt-exact-amount');
    await visible(exact);
    const shown = (await exact.textContent())!.replace('USDT', '').trim();
    expect(shown).toBe(`100.${tag}`);
    // The sheet says exactly what that credits: rounded down to the cent, and the sub-cent rest that is not credited.
    const creditedText = money(100_00 + Math.floor(Number(tag) / 10_000), 'USD');
    await visible(usdt.getByText(fill(w.usdt.creditExplain, { exact: shown, credited: creditedText, rest: `0.00${tag.slice(2)}` })));
    await shot('02-usdt-sheet');
    await usdt.getByRole('button', { name: w.usdt.copyAmount, exact: true }).click();
    await visible(page.getByText(w.usdt.copied.amount));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    await usdt.getByRole('button', { name: w.usdt.copyAddress }).click();
    await visible(page.getByText(w.usdt.copied.address));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await shot('02b-usdt-sheet-address');

    // The sandbox chain receives exactly what the sheet shows.
    const transfer = await api(baseUrl, 'POST', '/api/dev/tron/transfers', { amount: shown });
    // Credited: the whole received amount rounded down to cents (the tag's first two digits stay with the user).
    const usd = 100_00 + Math.floor(Number(tag) / 10_000);
    expect(transfer.outcome).toMatchObject({ status: 'credited', credited: { amount: usd, currency: 'USD' } });
    await usdt.getByRole('button', { name: w.usdt.sent }).click();
    await hidden(usdt);
    await visible(balanceOf('USD').getByText(money(usd, 'USD')));
    await visible(rows.getByText(w.transaction.types.usdtDeposit));
    await visible(rows.getByText(fill(w.transaction.details.usdtCredited, { usdt: shown, credited: money(usd, 'USD') }), { exact: false }));
    await visible(rows.getByText(money(usd, 'USD', 'always')));
    await shot('03-usdt-credited');

    // ── SBP top-up, paid: sandbox page → success page (pending, then paid) → countdown → /wallet.
    await page.getByRole('button', { name: w.actions.sbp }).click();
    const sbp = page.getByRole('dialog', { name: w.sbp.title });
    await visible(sbp);
    const limits = (await api(baseUrl, 'GET', '/api/config', undefined, user.accessToken)).sbp;
    await visible(sbp.getByText(fill(w.sbp.limits, { min: money(limits.minAmount.amount, 'RUB'), max: money(limits.maxAmount.amount, 'RUB') })));
    const sbpAmount = sbp.getByRole('textbox', { name: w.sbp.amountLabel });
    await sbp.getByRole('button', { name: w.sbp.pay }).click();
    await visible(sbp.getByText(w.sbp.amountErrors.empty));
    await sbpAmount.fill('50');
    await visible(sbp.getByText(fill(w.sbp.amountErrors.belowMinimum, { minimum: money(limits.minAmount.amount, 'RUB') })));
    await sbpAmount.fill('1 500,5');
    await visible(sbp.getByRole('button', { name: fill(w.sbp.payAmount, { amount: money(1_500_50, 'RUB') }) }));
    await shot('04-sbp-sheet');
    await sbp.getByRole('button', { name: fill(w.sbp.payAmount, { amount: money(1_500_50, 'RUB') }) }).click();
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toMatch(/^\/api\/dev\/sbp\/pay\//);
    await visible(page.getByRole('button', { name: 'Pay' }));
    await saveScreenshot(page, `wallet-${lang}-05-sbp-sandbox-page`);
    await page.getByRole('button', { name: 'Pay' }).click();

    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/payment-success');
    const paymentId = new URL(page.url()).searchParams.get('paymentId')!;
    const details = page.getByTestId('payment-details');
    await visible(page.getByRole('heading', { level: 1, name: w.payment.successTitle }), 20_000);
    const payment = await api(baseUrl, 'GET', `/api/wallet/sbp/${paymentId}`, undefined, user.accessToken);
    expect(payment).toMatchObject({ status: 'succeeded', amount: { amount: 1_500_50, currency: 'RUB' } });
    await visible(details.getByText(money(1_500_50, 'RUB')));
    await details.getByText(w.payment.supportDetails).click();
    await visible(details.getByText(payment.orderId));
    await visible(details.getByText(payment.invoiceId));
    await visible(details.getByText(w.payment.status.succeeded));
    const countdown = page.getByTestId('redirect-countdown');
    await visible(countdown);
    const seconds = async () => Number(/\d+/.exec((await countdown.textContent()) ?? '')?.[0]);
    const first = await seconds();
    expect(first).toBeGreaterThan(5);
    expect(first).toBeLessThanOrEqual(10);
    await shot('06-sbp-success');
    await expect.poll(seconds, { timeout: 5_000 }).toBeLessThan(first);
    const leftAt = Date.now();
    await expect.poll(() => pathOf(page), { timeout: 15_000, interval: 200 }).toBe('/wallet');
    // About 10 s after success: the remaining seconds of the countdown.
    expect(Date.now() - leftAt).toBeGreaterThan((first - 3) * 1000);
    await visible(balanceOf('RUB').getByText(money(1_500_50, 'RUB')));
    await visible(rows.getByText(w.transaction.types.sbpTopup));
    await visible(rows.getByText(fill(w.transaction.details.sbpOrder, { orderId: payment.orderId }), { exact: false }));
    await shot('07-sbp-credited');

    // ── SBP top-up, declined: failed page with the error code; Retry reopens the sheet with the same amount.
    await page.getByRole('button', { name: w.actions.sbp }).click();
    await visible(sbp);
    await sbpAmount.fill('200');
    await sbp.getByRole('button', { name: fill(w.sbp.payAmount, { amount: money(200_00, 'RUB') }) }).click();
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toMatch(/^\/api\/dev\/sbp\/pay\//);
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/payment-failed');
    expect(new URL(page.url()).searchParams.get('code')).toBe('PAYMENT_DECLINED');
    await visible(page.getByRole('heading', { level: 1, name: w.payment.failedTitle }));
    await visible(page.getByText(w.payment.failureReasons.PAYMENT_DECLINED));
    await visible(page.getByTestId('payment-details').getByText(money(200_00, 'RUB')));
    // The reason is in words; the code is a reference under "Details for support", not on the page.
    expect(await page.getByTestId('payment-error-code').isVisible()).toBe(false);
    expect(await page.getByText('PAYMENT_DECLINED').first().isVisible()).toBe(false);
    await page.getByTestId('support-reference').getByText(w.payment.supportDetails).click();
    await visible(page.getByTestId('payment-error-code').getByText('PAYMENT_DECLINED'));
    // The server's truth arrives with the acquirer's callback: the page polls until the status is final.
    await visible(page.getByTestId('payment-details').getByText(w.payment.status.failed), 20_000);
    await visible(page.getByRole('button', { name: w.payment.contactSupport }));
    await shot('08-sbp-failed');
    await page.getByRole('button', { name: w.payment.retry }).click();
    await expect.poll(() => pathOf(page)).toBe('/wallet');
    await visible(sbp);
    expect(await sbpAmount.inputValue()).toBe('200');
    await shot('09-sbp-retry');
    await page.keyboard.press('Escape');
    await hidden(sbp);
    expect(new URL(page.url()).search).toBe('');

    // ── Exchange USD → RUB at the live quote: fee and "you receive" before confirming.
    const rates = async () => (await api(baseUrl, 'GET', '/api/config/exchange-rates', undefined, user.accessToken)).rates as Json[];
    await page.getByRole('button', { name: w.actions.exchange, exact: true }).click();
    const exchange = page.getByRole('dialog', { name: w.exchange.title });
    await visible(exchange);
    const youPay = exchange.getByRole('textbox', { name: w.exchange.youPay });
    await youPay.fill('0');
    await visible(exchange.getByText(w.exchange.errors.notPositive));
    await youPay.fill('500');
    await visible(exchange.getByText(w.exchange.errors.insufficient));
    await youPay.fill(lang === 'en' ? '40' : '40,00');
    // The preview uses the quote the sheet shows (quotes are renewed while others still run): read its rate.
    await visible(exchange.getByTestId('exchange-rate'));
    const rateText = /=\s*([\d.,\s\u00a0]+)\s*RUB/.exec((await exchange.getByTestId('exchange-rate').textContent()) ?? '')![1]!;
    const shownRate = lang === 'en' ? rateText.replace(/,/g, '').trim() : rateText.replace(/[\s\u00a0]/g, '').replace(',', '.');
    const usdRub = (await rates()).find((r) => r.from === 'USD' && r.to === 'RUB')!;
    const fee = Math.ceil((40_00 * usdRub.feeBps) / 10_000);
    const [whole, fraction = ''] = shownRate.split('.');
    const credited = Number((BigInt(40_00 - fee) * BigInt(whole! + fraction)) / 10n ** BigInt(fraction.length));
    await visible(exchange.getByTestId('exchange-receive').getByText(money(credited, 'RUB')));
    await visible(exchange.getByTestId('exchange-fee').getByText(money(fee, 'USD'), { exact: false }));
    await visible(exchange.getByTestId('exchange-rate'));
    await shot('10-exchange-form');
    await exchange.getByRole('button', { name: w.exchange.continue }).click();
    const review = page.getByRole('dialog', { name: w.exchange.reviewTitle });
    await visible(review.getByTestId('exchange-summary').getByText(money(credited, 'RUB')));
    await shot('11-exchange-review');
    await review.getByRole('button', { name: new RegExp(`^(${escape(w.exchange.confirm)}|${escape(w.exchange.confirmNewRate)})$`) }).click();
    await hidden(review, 20_000);
    const done = (await api(baseUrl, 'GET', '/api/wallet/transactions', undefined, user.accessToken)).items.find((tx: Json) => tx.type === 'currencyExchange');
    await visible(page.getByText(fill(w.exchange.done, { debited: money(40_00, 'USD'), credited: money(done.details.counterAmount.amount, 'RUB') })));
    await visible(balanceOf('USD').getByText(money(usd - 40_00, 'USD')));
    await visible(balanceOf('RUB').getByText(money(1_500_50 + done.details.counterAmount.amount, 'RUB')));
    await visible(rows.getByText(fill(w.transaction.types.currencyExchange, { from: 'USD', to: 'RUB' })));
    await shot('12-exchanged-usd-rub');

    // ── Exchange RUB → USD.
    await page.getByRole('button', { name: w.actions.exchange, exact: true }).click();
    await visible(exchange);
    await exchange.getByRole('button', { name: fill(w.exchange.swap, { from: 'USD', to: 'RUB' }) }).click();
    await visible(exchange.getByText(fill(w.exchange.available, { amount: money(1_500_50 + done.details.counterAmount.amount, 'RUB') })));
    await youPay.fill('1000');
    await visible(exchange.getByTestId('exchange-receive').getByText(/\d/));
    await shot('13-exchange-rub-usd');
    await exchange.getByRole('button', { name: w.exchange.continue }).click();
    await review.getByRole('button', { name: new RegExp(`^(${escape(w.exchange.confirm)}|${escape(w.exchange.confirmNewRate)})$`) }).click();
    await hidden(review, 20_000);
    await visible(rows.getByText(fill(w.transaction.types.currencyExchange, { from: 'RUB', to: 'USD' })));

    // ── Every step is in the history, newest first; the balances match the server.
    const server = await api(baseUrl, 'GET', '/api/wallet', undefined, user.accessToken);
    await visible(balanceOf('USD').getByText(money(server.balances[0].available.amount, 'USD')));
    await visible(balanceOf('RUB').getByText(money(server.balances[1].available.amount, 'RUB')));
    const titles = await history.locator('li').evaluateAll((items) => items.map((li) => (li as HTMLElement).innerText.split('\n')[0]!.trim()));
    expect(titles).toEqual([
      fill(w.transaction.types.currencyExchange, { from: 'RUB', to: 'USD' }),
      fill(w.transaction.types.currencyExchange, { from: 'USD', to: 'RUB' }),
      w.transaction.types.sbpTopup, // the declined attempt, listed and marked as declined (issue #14)
      w.transaction.types.sbpTopup,
      w.transaction.types.usdtDeposit,
    ]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('14-history');
  };
}

/** Fires a one-finger pull down from the top of the page (Chromium has no touch-drag API in playwright). */
async function pullDown(page: Page, distance: number) {
  await page.evaluate((dy) => {
    const touch = (y: number) => new Touch({ identifier: 1, target: document.body, clientX: 200, clientY: y });
    const fire = (type: string, y: number) =>
      window.dispatchEvent(new TouchEvent(type, { touches: type === 'touchend' ? [] : [touch(y)], changedTouches: [touch(y)], bubbles: true }));
    fire('touchstart', 100);
    for (let y = 100; y <= 100 + dy; y += 20) fire('touchmove', y);
    fire('touchend', 100 + dy);
  }, distance);
}

describe('Wallet (new user: USDT, SBP paid and declined, exchange both ways)', () => {
  // WALLET_E2E_STATIC_DIR=<dir>: serve another build than dist/ (e.g. while dist/ is being rebuilt by someone else).
  if (process.env.WALLET_E2E_STATIC_DIR) test.override({ appOptions: { staticDir: process.env.WALLET_E2E_STATIC_DIR } });
  test('in English', walletJourney('en'));
  test('in Russian', walletJourney('ru'));

  test('back from the bank into Telegram: the t.me link with startapp=sbp_<paymentId> opens that payment\'s result', async ({ app: { page, baseUrl } }) => {
    const w = T.en.wallet;
    const user = await newUser(baseUrl, 'en');
    // What the app sends inside Telegram: the Mini App's t.me link; the server adds the payment's start parameter.
    const created = await api(baseUrl, 'POST', '/api/wallet/sbp', { amount: 2_000_00, returnUrl: 'https://t.me/tonic_wallet_bot' }, user.accessToken, {
      'idempotency-key': randomUUID(),
    });
    const paid = await api(baseUrl, 'POST', `/api/dev/sbp/invoices/${created.invoiceId}/pay`);
    expect(paid.status).toBe('paid');
    // Telegram opens the Mini App at its start page with the start parameter (the dev mock reads tgWebAppStartParam).
    await openSignedIn(page, baseUrl, user, `/?tgWebAppStartParam=${encodeURIComponent(`sbp_${created.paymentId}`)}`, 'en');
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/payment-success');
    expect(new URL(page.url()).searchParams.get('paymentId')).toBe(created.paymentId);
    await visible(page.getByRole('heading', { level: 1, name: w.payment.successTitle }), 20_000);
    await visible(page.getByTestId('payment-details').getByText(formatMoney({ amount: 2_000_00, currency: 'RUB' }, 'en')));
    await saveScreenshot(page, 'wallet-en-16-sbp-return-into-telegram');
  });

  test('under verification: the banner shows, SBP is refused up front with the reason; refresh and pull-to-refresh reach the server', async ({ app: { page, baseUrl } }) => {
    const w = T.en.wallet;
    const auth = authTexts('en');
    const user = await newUser(baseUrl, 'en', 'under_verification');
    const walletCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/wallet') walletCalls.push(request.method());
    });
    await openSignedIn(page, baseUrl, user, '/wallet', 'en');
    await visible(page.getByText(auth.banner.underVerificationTitle));
    await visible(page.getByTestId('transaction-history').getByText(w.history.emptyTitle));
    const loads = walletCalls.length;

    await page.getByRole('button', { name: w.page.refresh }).click();
    await expect.poll(() => walletCalls.length).toBe(loads + 1);
    await pullDown(page, 40); // not far enough
    await page.waitForTimeout(300);
    expect(walletCalls.length).toBe(loads + 1);
    await pullDown(page, 200);
    await expect.poll(() => walletCalls.length).toBe(loads + 2);

    const sbpPosts: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/wallet/sbp' && request.method() === 'POST') sbpPosts.push(request.url());
    });
    await page.getByRole('button', { name: w.actions.sbp }).click();
    const sbp = page.getByRole('dialog', { name: w.sbp.title });
    // Refused up front (the one money-action gate): the reason is in the sheet before paying, Pay is disabled.
    await visible(sbp.getByText(w.failureReasons.ACCOUNT_UNDER_VERIFICATION));
    await sbp.getByRole('textbox', { name: w.sbp.amountLabel }).fill('1500');
    const pay = sbp.getByRole('button', { name: fill(w.sbp.payAmount, { amount: formatMoney({ amount: 1_500_00, currency: 'RUB' }, 'en') }) });
    expect(await pay.isDisabled()).toBe(true);
    expect(sbpPosts).toEqual([]);
    expect(pathOf(page)).toBe('/wallet');
    await visible(sbp); // the form stays, to try again later
    await saveScreenshot(page, 'wallet-en-15-under-verification');
  });
});
