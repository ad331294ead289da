/**
 * Money between people and money out end to end (issue #36), in Chromium against the real server with its sandbox TRON
 * network and SBP payout provider, in English and in Russian:
 * - send money: the recipient's payment link (copied from their "My link" tab) pasted into the send sheet (a hostile
 *   text refused), the amount and a note, the confirm step with their masked name, sent; both histories show it;
 * - request money: a request made and shared (outside Telegram: its link copied), opened by the payer's link on the
 *   confirm step, paid; the requester sees it paid and by whom;
 * - withdraw USDT: an address added to the address book (a bad one refused), the fee shown before confirming, the email
 *   code, sent; the history's row turns completed, its details show the transaction hash and the explorer button;
 * - withdraw RUB by SBP to the own phone at a chosen bank, with the email code.
 * Screenshots: test-results/e2e/p2p-<lang>-*.png; axe-core checks every open sheet at each of them.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { formatMoney } from '../../src/shared/money';
import { api, axeViolations, formatViolations, fundUsdt, openSignedIn, readMailboxCode, ROOT, saveScreenshot, setVerification, signUpViaApi, test, visible, hidden, walletTexts, detailsTexts, type ApiUser } from './support';

type Lang = 'en' | 'ru';
type Json = Record<string, any>;
const locale = (lang: Lang, ns: string): Json => JSON.parse(readFileSync(resolve(ROOT, `src/shared/i18n/locales/${lang}/${ns}.json`), 'utf8'));
const T = (lang: Lang) => ({ wallet: locale(lang, 'wallet'), actions: walletTexts(lang), details: detailsTexts(lang) });
/** i18next-style interpolation for expected texts. */
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

const ADDRESS = 'TCNtTa1rveKkovHR2ebABu4K66U6ocUCZX';
const NAMES = {
  en: { sender: { firstName: 'Anna', lastName: 'Smith' }, recipient: { firstName: 'Boris', lastName: 'Petrov' } },
  ru: { sender: { firstName: 'Ivan', lastName: 'Sidorov' }, recipient: { firstName: 'Olga', lastName: 'Orlova' } },
};

async function newUser(baseUrl: string, form: Record<string, string>): Promise<ApiUser> {
  const user = await signUpViaApi(baseUrl, 'p2p', form);
  await setVerification(baseUrl, user.email, 'verified');
  return user;
}

function journey(lang: Lang) {
  return async ({ app }: { app: { page: Page; baseUrl: string; newPage: (options?: { locale?: string }) => Promise<Page> } }) => {
    const { page, baseUrl } = app;
    const { wallet: w, actions: a, details: d } = T(lang);
    const money = (amount: number, currency: string, signDisplay?: 'always') => formatMoney({ amount, currency }, lang, { signDisplay });
    /** A screenshot of the step, and axe on its open sheet (no serious or critical violations, issue #7). */
    const shot = async (target: Page, name: string) => {
      await saveScreenshot(target, `p2p-${lang}-${name}`);
      if (!(await target.locator('[role="dialog"]').count())) return;
      const found = await axeViolations(target, { include: '[role="dialog"]' });
      expect(found, formatViolations(`p2p-${lang}-${name}`, found)).toEqual([]);
    };
    const rowsOf = (target: Page) => target.getByTestId('transaction-history').locator('li');

    const names = NAMES[lang];
    const sender = await newUser(baseUrl, names.sender);
    const recipient = await newUser(baseUrl, names.recipient);
    const senderMasked = `${names.sender.firstName} ${names.sender.lastName[0]}.`;
    const recipientMasked = `${names.recipient.firstName} ${names.recipient.lastName[0]}.`;
    await fundUsdt(baseUrl, sender.accessToken, 100);
    const rates = await api(baseUrl, 'GET', '/api/config/exchange-rates', undefined, sender.accessToken);
    const quote = rates.rates.find((r: { from: string; to: string }) => r.from === 'USD' && r.to === 'RUB');
    await api(baseUrl, 'POST', '/api/wallet/exchange', { from: 'USD', to: 'RUB', amount: 30_00, quoteId: quote.quoteId }, sender.accessToken, { 'idempotency-key': randomUUID() });
    // The recipient withdraws by SBP at the end (one email code a minute per account: the sender's went to USDT).
    await fundUsdt(baseUrl, recipient.accessToken, 30);
    await api(baseUrl, 'POST', '/api/wallet/exchange', { from: 'USD', to: 'RUB', amount: 25_00, quoteId: quote.quoteId }, recipient.accessToken, { 'idempotency-key': randomUUID() });

    // ── The recipient's own payment link and QR ("My link").
    const other = await app.newPage({ locale: lang === 'en' ? 'en-US' : 'ru-RU' });
    await openSignedIn(other, baseUrl, recipient, '/wallet', lang);
    await other.getByRole('button', { name: w.actions.request, exact: true }).click();
    const requestSheet = other.getByRole('dialog', { name: a.request.title });
    await visible(requestSheet);
    await requestSheet.getByRole('radio', { name: a.request.tabLink }).click();
    await visible(requestSheet.getByRole('img', { name: a.link.qrLabel }));
    const link = (await requestSheet.getByText(/startapp=pay_/).first().textContent())!.trim();
    expect(link).toMatch(/^https:\/\/t\.me\/.+startapp=pay_[A-Za-z0-9]{10}$/);
    await shot(other, '01-my-link');

    // ── Send money: recipient (a hostile text refused, then the link) → amount and note → confirm with the masked name.
    await openSignedIn(page, baseUrl, sender, '/wallet', lang);
    await page.getByRole('button', { name: w.actions.send, exact: true }).click();
    const send = page.getByRole('dialog', { name: a.send.title });
    await visible(send);
    const recipientField = send.getByRole('textbox', { name: a.send.recipientLabel });
    await recipientField.fill('<script>alert(1)</script>');
    await send.getByRole('button', { name: a.send.find }).click();
    await visible(send.getByText(a.send.recipientInvalid));
    await shot(page, '02-send-recipient-invalid');
    await recipientField.fill(link);
    await send.getByRole('button', { name: a.send.find }).click();
    await visible(send.getByText(fill(a.send.to, { name: recipientMasked })));
    const amountField = send.getByRole('textbox', { name: fill(a.send.amountLabel, { currency: 'USD' }) });
    await amountField.fill('500');
    await send.getByRole('button', { name: a.send.continue }).click();
    await visible(send.getByText(a.send.problems.aboveBalance));
    await amountField.fill('12.5');
    await send.getByRole('textbox', { name: a.send.noteLabel }).fill(lang === 'en' ? 'Lunch 🍕' : 'Обед 🍕');
    await shot(page, '03-send-amount');
    await send.getByRole('button', { name: a.send.continue }).click();
    await visible(send.getByText(a.send.confirmLead));
    await expect.poll(() => send.getByTestId('send-recipient-name').textContent()).toBe(recipientMasked);
    await shot(page, '04-send-confirm');
    await send.getByRole('button', { name: fill(a.send.confirmAmount, { amount: money(12_50, 'USD') }) }).click();
    await visible(send.getByText(fill(a.send.done, { amount: money(12_50, 'USD'), name: recipientMasked })));
    await shot(page, '05-send-done');
    await send.getByRole('button', { name: a.send.doneButton }).click();
    await hidden(send);
    await visible(rowsOf(page).getByText(fill(w.transaction.types.p2pTransfer, { name: recipientMasked })));
    await visible(rowsOf(page).getByText(money(-12_50, 'USD', 'always')));

    // ── Request money: the recipient asks the sender for 7.00 USD; outside Telegram the request's link is copied.
    await other.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await requestSheet.getByRole('radio', { name: a.request.tabRequest }).click();
    await requestSheet.getByRole('textbox', { name: fill(a.request.amountLabel, { currency: 'USD' }) }).fill('7');
    const requestNote = lang === 'en' ? 'Concert tickets' : 'Билеты на концерт';
    await requestSheet.getByRole('textbox', { name: a.send.noteLabel }).fill(requestNote);
    await requestSheet.getByRole('button', { name: a.request.create }).click();
    await visible(other.getByText(a.request.copied));
    const waiting = requestSheet.getByTestId('payment-request').first();
    await expect.poll(() => waiting.getAttribute('data-status')).toBe('open');
    await visible(waiting.getByText(a.request.status.open));
    await shot(other, '06-request-created');
    const [request] = (await api(baseUrl, 'GET', '/api/payment-requests', undefined, recipient.accessToken)).items;
    expect(await other.evaluate(() => navigator.clipboard.readText())).toBe(request.link);
    // The transfer arrived in the recipient's history meanwhile (the wallet's refresh shows it).
    await requestSheet.getByRole('button', { name: locale(lang, 'common').actions.close }).click();
    await other.getByRole('button', { name: w.page.refresh }).click();
    await visible(rowsOf(other).getByText(fill(w.transaction.types.p2pTransfer, { name: senderMasked })));
    await visible(rowsOf(other).getByText(money(12_50, 'USD', 'always')));

    // ── Pay the request: its link opens the send sheet on the confirm step (the sender's phone).
    await page.bringToFront();
    await page.goto(`${baseUrl}/wallet?request=${request.id}`);
    const pay = page.getByRole('dialog', { name: a.send.requestTitle });
    await visible(pay);
    await visible(pay.getByText(fill(a.send.payRequestLead, { name: recipientMasked })));
    await shot(page, '07-pay-request-confirm');
    await pay.getByRole('button', { name: fill(a.send.confirmAmount, { amount: money(7_00, 'USD') }) }).click();
    await visible(pay.getByText(fill(a.send.done, { amount: money(7_00, 'USD'), name: recipientMasked })));
    await pay.getByRole('button', { name: a.send.doneButton }).click();
    await hidden(pay);
    // The payment carries the request's note in the history.
    await visible(rowsOf(page).filter({ hasText: fill(w.transaction.types.p2pTransfer, { name: recipientMasked }) }).getByText(requestNote));
    // The requester sees it paid, and by whom.
    await other.getByRole('button', { name: w.actions.request, exact: true }).click();
    await visible(requestSheet);
    const paid = requestSheet.getByTestId('payment-request').first();
    await expect.poll(() => paid.getAttribute('data-status'), { timeout: 15_000 }).toBe('paid');
    await visible(paid.getByText(fill(a.request.paidBy, { name: senderMasked })));
    await shot(other, '08-request-paid');
    await requestSheet.getByRole('button', { name: locale(lang, 'common').actions.close }).click();
    await hidden(requestSheet);
    // Paid at most once: the link again is refused.
    const again = await fetch(`${baseUrl}/api/transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sender.accessToken}`, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ payCode: request.requester.payCode, amount: request.amount, requestId: request.id }),
    });
    expect(((await again.json()) as Json).error.code).toBe('PAYMENT_REQUEST_CLOSED');

    // ── Withdraw USDT: add an address (a bad one refused), 20 USDT, the network fee, the email code.
    await page.getByRole('button', { name: w.actions.withdraw, exact: true }).click();
    const withdraw = page.getByRole('dialog', { name: a.withdraw.title });
    await visible(withdraw);
    await visible(withdraw.getByText(a.withdraw.noAddresses));
    await shot(page, '09-withdraw-empty');
    await withdraw.getByRole('button', { name: a.withdraw.addAddress }).click();
    const addressField = withdraw.getByRole('textbox', { name: a.withdraw.newAddress });
    await addressField.fill(`${ADDRESS.slice(0, -1)}Y`);
    await withdraw.getByRole('textbox', { name: a.withdraw.label }).fill(lang === 'en' ? 'My Ledger' : 'Мой Ledger');
    await withdraw.getByRole('button', { name: a.withdraw.saveAddress }).click();
    await visible(withdraw.getByText(a.withdraw.addressInvalid));
    await addressField.fill(ADDRESS);
    await shot(page, '10-withdraw-add-address');
    await withdraw.getByRole('button', { name: a.withdraw.saveAddress }).click();
    await visible(withdraw.getByRole('combobox', { name: a.withdraw.address }));
    const options = await api(baseUrl, 'GET', '/api/withdrawals/options', undefined, sender.accessToken);
    const usdtAmount = withdraw.getByRole('textbox', { name: fill(a.withdraw.amountLabel, { currency: 'USD' }) });
    await usdtAmount.fill('5');
    await withdraw.getByRole('button', { name: a.withdraw.continue }).click();
    await visible(withdraw.getByText(fill(a.withdraw.problems.belowMinimum, { min: money(options.usdt.min.amount, 'USD') })));
    await usdtAmount.fill('20');
    await visible(withdraw.getByText(fill(a.withdraw.hint, { fee: money(options.usdt.fee.amount, 'USD'), min: money(options.usdt.min.amount, 'USD'), remaining: money(options.usdt.remaining.amount, 'USD') })));
    await shot(page, '11-withdraw-usdt-form');
    const askedAt = new Date();
    await withdraw.getByRole('button', { name: a.withdraw.continue }).click();
    await visible(withdraw.getByText(a.withdraw.codeLead));
    const usdtTotal = 20_00 + options.usdt.fee.amount;
    await visible(withdraw.getByText(money(options.usdt.fee.amount, 'USD')));
    await visible(withdraw.getByTestId('withdraw-to').getByText(ADDRESS, { exact: false }));
    const code = await readMailboxCode(baseUrl, sender.email, { after: askedAt, kind: 'withdrawal-code' });
    await withdraw.getByRole('textbox', { name: a.withdraw.code }).fill(code);
    await shot(page, '12-withdraw-usdt-confirm');
    await withdraw.getByRole('button', { name: fill(a.withdraw.confirmAmount, { amount: money(usdtTotal, 'USD') }) }).click();
    await visible(withdraw.getByText(fill(a.withdraw.done, { amount: money(20_00, 'USD') })));
    await shot(page, '13-withdraw-usdt-done');
    await withdraw.getByRole('button', { name: a.send.doneButton }).click();
    await hidden(withdraw);
    // Pending, then confirmed by the sandbox network: the row's details show the hash and the explorer button.
    const usdtRow = rowsOf(page).filter({ hasText: w.transaction.types.usdtWithdrawal });
    await visible(usdtRow);
    await visible(usdtRow.getByText(money(-usdtTotal, 'USD', 'always')));
    await expect
      .poll(async () => (await api(baseUrl, 'GET', '/api/wallet/transactions', undefined, sender.accessToken)).items.find((tx: Json) => tx.type === 'usdtWithdrawal')?.status, { timeout: 20_000 })
      .toBe('completed');
    await page.getByRole('button', { name: w.page.refresh }).click();
    await usdtRow.first().click();
    const detailsSheet = page.getByRole('dialog', { name: d.title });
    await visible(detailsSheet);
    await visible(detailsSheet.getByText(d.status.completed));
    await visible(detailsSheet.locator('[data-id-kind="txHash"]'));
    await visible(detailsSheet.getByRole('button', { name: d.ids.explorer }));
    await shot(page, '14-withdraw-usdt-details');
    await detailsSheet.getByRole('button', { name: locale(lang, 'common').actions.close }).click();
    await hidden(detailsSheet);

    // ── Withdraw RUB by SBP to the own phone at a chosen bank (the recipient this time, back on their phone: a page in the
    // background is hidden, and a toast left on it, "Link copied", waits there until it is seen, over the sheet's button).
    await other.bringToFront();
    const rubOptions = await api(baseUrl, 'GET', '/api/withdrawals/options', undefined, recipient.accessToken);
    await other.getByRole('button', { name: w.actions.withdraw, exact: true }).click();
    const sbpSheet = other.getByRole('dialog', { name: a.withdraw.title });
    await visible(sbpSheet);
    await sbpSheet.getByRole('radio', { name: a.withdraw.sbp }).click();
    const bank = rubOptions.sbp.banks[0];
    await sbpSheet.getByRole('combobox', { name: a.withdraw.bank }).selectOption(bank.id);
    await visible(sbpSheet.getByText(fill(a.withdraw.toPhone, { phone: rubOptions.sbp.phoneMasked })));
    await sbpSheet.getByRole('textbox', { name: fill(a.withdraw.amountLabel, { currency: 'RUB' }) }).fill('1000');
    await shot(other, '15-withdraw-sbp-form');
    const sbpAskedAt = new Date();
    await sbpSheet.getByRole('button', { name: a.withdraw.continue }).click();
    await visible(sbpSheet.getByText(a.withdraw.codeLead));
    await expect.poll(() => sbpSheet.getByTestId('withdraw-to').textContent()).toBe(`${bank.name} · ${rubOptions.sbp.phoneMasked}`);
    const sbpCode = await readMailboxCode(baseUrl, recipient.email, { after: sbpAskedAt, kind: 'withdrawal-code' });
    await sbpSheet.getByRole('textbox', { name: a.withdraw.code }).fill(sbpCode);
    const sbpTotal = 1_000_00 + rubOptions.sbp.fee.amount;
    await shot(other, '16-withdraw-sbp-confirm');
    await sbpSheet.getByRole('button', { name: fill(a.withdraw.confirmAmount, { amount: money(sbpTotal, 'RUB') }) }).click();
    await visible(sbpSheet.getByText(fill(a.withdraw.done, { amount: money(1_000_00, 'RUB') })));
    await shot(other, '17-withdraw-sbp-done');
    await sbpSheet.getByRole('button', { name: a.send.doneButton }).click();
    await hidden(sbpSheet);
    await visible(rowsOf(other).filter({ hasText: w.transaction.types.sbpWithdrawal }).getByText(bank.name));
    await shot(other, '18-recipient-history');
    await shot(page, '19-sender-history');
  };
}

const ENV = { WITHDRAWAL_HOLD_SECONDS: '0', SANDBOX_WITHDRAWAL_DELAY_MS: '500', WITHDRAWAL_POLL_MS: '200' };

describe('money between people and money out (issue #36)', () => {
  describe('English', () => {
    test.override({ appOptions: { env: ENV } });
    test('in English: send, request and pay, withdraw USDT and by SBP', journey('en'));
  });
  describe('Russian', () => {
    test.override({ appOptions: { env: ENV, locale: 'ru-RU' } });
    test('in Russian: send, request and pay, withdraw USDT and by SBP', journey('ru'));
  });
});
