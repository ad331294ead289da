/**
 * Transaction details end to end (issue #14 "History"), in Chromium against the real server and its sandboxes, in
 * English and Russian: a funded user with a card top-up, an exchange and a declined SBP attempt opens each from the
 * wallet history (a USDT top-up with its tx hash copied, the exchange with its rate, the declined attempt marked
 * as such, a USDT deposit held for review, the card top-up with its fee and its card → the card screen), then a card top-up from the card's history
 * (its transfer id copied), and from the card's purchases tab a declined purchase (the reason in words, its purchase id
 * copied) and an approved one. The sheet is a dialog titled "Transaction details" that Escape closes.
 * Screenshots: test-results/e2e/transaction-details-<lang>-*.png.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { formatRate } from '../../src/entities/exchange-rate/lib/format-rate';
import { formatMoney } from '../../src/shared/money';
import { api, detailsTexts, fundUsdt, hidden, issueCardViaApi, openSignedIn, ROOT, saveScreenshot, setVerification, signUpViaApi, test, visible, cardTexts } from './support';

type Lang = 'en' | 'ru';
type Json = Record<string, any>;
const locale = (lang: Lang, ns: string): Json => JSON.parse(readFileSync(resolve(ROOT, `src/shared/i18n/locales/${lang}/${ns}.json`), 'utf8'));
const texts = (lang: Lang) => ({
  d: detailsTexts(lang),
  w: locale(lang, 'wallet'),
  c: cardTexts(lang),
  e: locale(lang, 'errors'),
});
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

function detailsJourney(lang: Lang) {
  return async ({ app }: { app: { page: Page; baseUrl: string; context: BrowserContext } }) => {
    const { page, baseUrl, context } = app;
    const { d, w, c, e } = texts(lang);
    const shot = (name: string) => saveScreenshot(page, `transaction-details-${lang}-${name}`);
    const money = (amount: number, currency: string, signDisplay?: 'always') => formatMoney({ amount, currency }, lang, { signDisplay });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });

    // ── A verified user: 300 USDT in, a virtual card, a card top-up, an exchange USD → RUB, a declined SBP payment.
    const user = await signUpViaApi(baseUrl, 'details', { firstName: 'Anna', lastName: 'Smith' });
    await setVerification(baseUrl, user.email, 'verified');
    await fundUsdt(baseUrl, user.accessToken, 300);
    await api(baseUrl, 'POST', '/api/dev/card-issuer/mode', { delayMs: 0 });
    const cardId = await issueCardViaApi(baseUrl, user.accessToken, { initialDeposit: 20_00 });
    const topUp = await api(baseUrl, 'POST', `/api/cards/${cardId}/topup`, { amount: 15_00 }, user.accessToken, { 'idempotency-key': randomUUID() });
    await expect
      .poll(async () => (await api(baseUrl, 'GET', `/api/cards/${cardId}/transactions?type=topup`, undefined, user.accessToken)).items[0]?.status, { timeout: 30_000 })
      .toBe('completed');
    const rates = await api(baseUrl, 'GET', '/api/config/exchange-rates', undefined, user.accessToken);
    const quote = rates.rates.find((r: Json) => r.from === 'USD' && r.to === 'RUB');
    const exchanged = await api(baseUrl, 'POST', '/api/wallet/exchange', { from: 'USD', to: 'RUB', amount: 10_00, quoteId: quote.quoteId }, user.accessToken, { 'idempotency-key': randomUUID() });
    await api(baseUrl, 'POST', '/api/dev/sbp/settings', { callbackDelayMs: 0, failCreate: false, dropCallbacks: false });
    const sbp = await api(baseUrl, 'POST', '/api/wallet/sbp', { amount: 700_00 }, user.accessToken, { 'idempotency-key': randomUUID() });
    const declined = await fetch(`${baseUrl}${new URL(sbp.paymentUrl).pathname}/decline`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(declined.status).toBe(303);
    await expect.poll(async () => (await api(baseUrl, 'GET', `/api/wallet/sbp/${sbp.paymentId}`, undefined, user.accessToken)).status, { timeout: 20_000 }).toBe('failed');
    const deposit = (await api(baseUrl, 'GET', '/api/wallet/transactions?type=usdtDeposit', undefined, user.accessToken)).items[0];
    // A USDT transfer below the minimum with the user's tag: parked, held for review in the user's history.
    const { usdtDepositTag: tag } = await api(baseUrl, 'GET', '/api/wallet', undefined, user.accessToken);
    const parked = await api(baseUrl, 'POST', '/api/dev/tron/transfers', { amount: `1.${tag}`, from: 'TStrangerDetai1sXXXXXXXXXXXXXXXXXX' });
    expect(parked.outcome).toMatchObject({ status: 'unmatched', reason: 'below_minimum' });
    // Two sandbox purchases on the card: one over its balance (declined, only a trade), one approved.
    const buy = (amount: number, merchant: string) => api(baseUrl, 'POST', `/api/dev/cards/${cardId}/purchase`, { amount, merchant });
    const declinedPurchase = await buy(500_00, 'TOO BIG STORE');
    expect(declinedPurchase).toMatchObject({ status: 'declined', declineReason: 'INSUFFICIENT_FUNDS' });
    const approvedPurchase = await buy(3_21, 'COFFEE PLACE');
    expect(approvedPurchase).toMatchObject({ status: 'completed' });

    await openSignedIn(page, baseUrl, user, '/wallet', lang);
    const history = page.getByTestId('transaction-history');
    const row = (text: string) => history.getByRole('button').filter({ hasText: text });
    const sheet = page.getByRole('dialog', { name: d.title });
    const details = sheet.getByTestId('transaction-details');
    const idRow = (kind: string) => sheet.locator(`[data-id-kind="${kind}"]`);
    const step = (stage: string) => sheet.getByTestId('details-timeline').locator(`[data-stage="${stage}"]`);

    // ── The USDT top-up: done, its tx hash; copying it puts it in the clipboard with a toast.
    await visible(row(deposit.details.usdtAmount));
    await row(deposit.details.usdtAmount).click();
    await visible(details);
    await visible(details.getByText(w.transaction.types.usdtDeposit));
    await visible(idRow('txHash').getByText(deposit.details.txHash));
    expect(await step('done').getAttribute('data-state')).toBe('complete');
    await visible(step('done').getByText(d.timeline.done));
    await visible(details.getByText(`${deposit.details.usdtAmount} USDT`));
    await idRow('txHash').getByRole('button', { name: fill(d.copy.button, { what: d.ids.txHash }) }).click();
    await visible(page.getByText(fill(d.copy.copied, { what: d.ids.txHash })));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(deposit.details.txHash);
    await visible(idRow('txHash').getByText(d.copy.done));
    // A receipt: downloaded as a PDF, or shared as text (headless Chromium has no share sheet: copied).
    const receipt = details.getByTestId('receipt-actions');
    const [file] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), receipt.getByRole('button', { name: d.receipt.download }).click()]);
    expect(file.suggestedFilename()).toBe(`receipt-${deposit.id}.pdf`);
    expect(readFileSync((await file.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await visible(receipt.getByText(d.receipt.done));
    await receipt.getByRole('button', { name: d.receipt.share }).click();
    await visible(page.getByText(d.receipt.copied));
    const shared = await page.evaluate(() => navigator.clipboard.readText());
    expect(shared.split('\n')[0]).toBe(`${d.receipt.title}: ${w.transaction.types.usdtDeposit}`);
    expect(shared).toContain(deposit.details.txHash);
    expect(shared).toContain(deposit.id);
    await shot('01-usdt');
    await page.keyboard.press('Escape');
    await hidden(sheet);

    // ── The exchange: its rate, what was received, its fee; its transaction id.
    const exchangeTitle = fill(w.transaction.types.currencyExchange, { from: 'USD', to: 'RUB' });
    await row(exchangeTitle).click();
    await visible(details.getByText(exchangeTitle));
    await visible(details.getByText(fill(d.amounts.rateValue, { from: 'USD', to: 'RUB', rate: formatRate(exchanged.rate, lang) })));
    await visible(details.getByText(money(exchanged.credited.amount, 'RUB')));
    await visible(details.getByText(money(-10_00, 'USD', 'always')));
    await visible(idRow('transaction').getByText(exchanged.transactionId));
    if (exchanged.fee.amount > 0) await visible(details.getByText(w.transaction.commission.exchange));
    await shot('02-exchange');
    await sheet.getByRole('button', { name: locale(lang, 'common').actions.close }).click();
    await hidden(sheet);

    // ── The declined SBP attempt: in the history marked "Declined", in the sheet with the reason, failed timeline.
    await visible(row(w.transaction.status.declined));
    await row(w.transaction.status.declined).click();
    await visible(details.getByText(fill(d.reason, { reason: e.reasons.PAYMENT_DECLINED })));
    await visible(step('failed').getByText(d.timeline.declined));
    await visible(idRow('order').getByText(sbp.orderId));
    await expect.poll(() => sheet.locator('[data-id-kind="transaction"]').count()).toBe(0);
    await shot('03-sbp-declined');
    await page.keyboard.press('Escape');
    await hidden(sheet);

    // ── The held USDT deposit: marked held, the reason, processing is where it stands, its tx hash.
    await row(w.transaction.status.held).click();
    await visible(details.getByText(d.hold.reasons.below_minimum, { exact: false }));
    expect(await step('processing').getAttribute('aria-current')).toBe('step');
    await visible(step('processing').getByText(d.timeline.held));
    await visible(idRow('txHash').getByText(parked.transfer.txHash));
    await shot('04-usdt-held');
    await page.keyboard.press('Escape');
    await hidden(sheet);

    // ── The card top-up (from the wallet): the fee, the total, the card → the card screen.
    const topUpRow = row(fill(w.transaction.details.toCard, { last4: (await api(baseUrl, 'GET', `/api/cards/${cardId}`, undefined, user.accessToken)).last4 }));
    await topUpRow.click();
    await visible(details.getByText(w.transaction.types.cardTransfer));
    await visible(details.getByText(d.amounts.total));
    await visible(details.getByText(w.transaction.commission.cardTopUp));
    await visible(idRow('transfer').getByText(topUp.transfer.id));
    await visible(details.getByText(money(topUp.transfer.total.amount, 'USD')));
    await shot('05-card-topup-wallet');
    await details.getByRole('button').filter({ hasText: '••••' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(`/cards/${cardId}`);
    await hidden(sheet);

    // ── On the card: its top-up opens the same sheet, with the transfer id to copy.
    const cardRow = page.getByRole('button').filter({ hasText: d.cardTransaction.type.topup });
    await visible(cardRow);
    await cardRow.first().click();
    await visible(details);
    await visible(details.getByText(d.amounts.walletDebit));
    await visible(details.getByText(money(topUp.transfer.fee.amount, 'USD')));
    await idRow('transfer').getByRole('button', { name: fill(d.copy.button, { what: d.ids.transfer }) }).click();
    await visible(page.getByText(fill(d.copy.copied, { what: d.ids.transfer })));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(topUp.transfer.id);
    await shot('06-card-topup-card');
    await page.keyboard.press('Escape');
    await hidden(sheet);

    // ── The purchases tab: a declined purchase opens the same sheet, with the reason in words and its ids.
    await page.getByRole('radio', { name: c.history.trades }).click();
    const purchaseRow = (merchant: string) => page.getByRole('button').filter({ hasText: merchant });
    await visible(purchaseRow('TOO BIG STORE'));
    await purchaseRow('TOO BIG STORE').click();
    await visible(details);
    await visible(details.getByText(fill(d.reason, { reason: e.reasons.INSUFFICIENT_FUNDS })));
    await visible(step('failed').getByText(d.timeline.declined));
    await visible(details.getByText(money(-500_00, 'USD', 'always')));
    await visible(details.getByText(d.sections.merchant, { exact: true }));
    await visible(idRow('trade').getByText(declinedPurchase.id));
    await visible(idRow('card').getByText(cardId));
    await expect.poll(() => sheet.locator('[data-id-kind="transaction"]').count()).toBe(0);
    await idRow('trade').getByRole('button', { name: fill(d.copy.button, { what: d.ids.trade }) }).click();
    await visible(page.getByText(fill(d.copy.copied, { what: d.ids.trade })));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(declinedPurchase.id);
    await shot('07-purchase-declined');
    await page.keyboard.press('Escape');
    await hidden(sheet);

    // ── An approved purchase: done, the card transaction it made.
    await purchaseRow('COFFEE PLACE').click();
    await visible(details.getByText(money(-3_21, 'USD', 'always')));
    expect(await step('done').getAttribute('data-state')).toBe('complete');
    await visible(idRow('trade').getByText(approvedPurchase.id));
    await visible(idRow('transaction'));
    await shot('08-purchase-approved');
    await page.keyboard.press('Escape');
    await hidden(sheet);
  };
}

describe('Transaction details (wallet and card history rows open a details sheet)', () => {
  test('in English', detailsJourney('en'));
  test('in Russian', detailsJourney('ru'));
});
