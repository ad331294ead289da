/**
 * What a screen says follows the server's status without a reload: the payment-failed page opened before the
 * acquirer's callback reached the server says it is waiting for the bank, then "Payment failed" once the server has it.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { describe, expect } from 'vitest';
import { api, openSignedIn, saveScreenshot, setVerification, signUpViaApi, test, visible, walletTexts } from './support';

const wallet = walletTexts('en');

describe('statuses on screen follow the server', () => {
  // STATUS_E2E_STATIC_DIR=<dir>: serve another build than dist/.
  if (process.env.STATUS_E2E_STATIC_DIR) test.override({ appOptions: { staticDir: resolve(process.env.STATUS_E2E_STATIC_DIR) } });
  test('payment-failed: "Waiting for the bank" while pending, "Payment failed" once the callback arrived (no reload)', async ({ app: { page, baseUrl } }) => {
    const user = await signUpViaApi(baseUrl, 'status-follows', { firstName: 'Ada', lastName: 'Lovelace' });
    await setVerification(baseUrl, user.email, 'verified');
    await api(baseUrl, 'POST', '/api/dev/sbp/settings', { callbackDelayMs: 6_000 });
    const payment = await api(baseUrl, 'POST', '/api/wallet/sbp', { amount: 500_00 }, user.accessToken, { 'idempotency-key': randomUUID() });
    await api(baseUrl, 'POST', `/api/dev/sbp/invoices/${payment.invoiceId}/decline`);

    await openSignedIn(page, baseUrl, user, `/payment-failed?paymentId=${payment.paymentId}&code=PAYMENT_DECLINED`);
    // A marker that a reload would wipe.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    const heading = page.getByRole('heading', { level: 1 });
    await visible(page.getByRole('heading', { level: 1, name: wallet.payment.pendingTitle }));
    expect((await api(baseUrl, 'GET', `/api/wallet/sbp/${payment.paymentId}`, undefined, user.accessToken)).status).toBe('pending');
    await visible(page.getByTestId('payment-details').getByText(wallet.payment.status.pending));
    await saveScreenshot(page, 'status-follows-payment-pending');

    await visible(page.getByRole('heading', { level: 1, name: wallet.payment.failedTitle }), 30_000);
    await visible(page.getByTestId('payment-details').getByText(wallet.payment.status.failed));
    await visible(page.getByText(wallet.payment.failureReasons.PAYMENT_DECLINED));
    expect(await heading.count()).toBe(1);
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await saveScreenshot(page, 'status-follows-payment-failed');
  });
});
