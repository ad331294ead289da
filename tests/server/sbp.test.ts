import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { signSbpCallback } from '../../server/adapters/sbp';
import { listJobs } from '../../server/jobs';
import { checkLedger } from '../../server/modules/ledger';
import { signUp, type TestApp } from './harness';
import { balances, createSbp, listTransactions, refreshTokens, runJobs, useTwoVerifiedUsers, type TestUser } from './wallet-support';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
useTwoVerifiedUsers((w) => ({ t, ann, bob } = w));
beforeEach(async () => {
  // Callbacks due at once, so runJobs() delivers them; acquirer healthy.
  await t.call({ method: 'POST', url: '/api/dev/sbp/settings', payload: { callbackDelayMs: 0, failCreate: false, dropCallbacks: false } });
});

const getPayment = (user: TestUser, paymentId: string) => t.call({ method: 'GET', url: `/api/wallet/sbp/${paymentId}`, headers: user.headers });
const pathOf = (url: string) => new URL(url).pathname;

/** Presses a button on the sandbox payment page like a browser form would. */
const press = (paymentUrl: string, action: 'pay' | 'decline') =>
  t.app.inject({
    method: 'POST',
    url: `${pathOf(paymentUrl)}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

const webhook = (body: string, signature: string | undefined) =>
  t.call({
    method: 'POST',
    url: '/api/webhooks/sbp',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-sbp-signature': signature } : {}) },
    payload: body,
  });

describe('SBP top-up', () => {
  it('create → sandbox page → Pay → redirect to /payment-success; the async callback credits the wallet exactly once', async () => {
    const before = await balances(t, ann);
    const created = await createSbp(t, ann, { amount: 150_000 }); // 1 500 RUB
    expect(created.status).toBe(200);
    const payment = created.body.data;
    expect(payment).toMatchObject({ amount: { amount: 150_000, currency: 'RUB' }, status: 'pending', errorCode: null, transactionId: null });
    expect(payment.orderId).toMatch(/^TW-\d{8}-[A-Z0-9]{8}$/);
    expect(payment.invoiceId).toMatch(/^INV[0-9A-F]{16}$/);
    expect(payment.paymentUrl).toContain(`/api/dev/sbp/pay/${payment.invoiceId}`);

    const page = await t.app.inject({ method: 'GET', url: pathOf(payment.paymentUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('1&nbsp;500,00&nbsp;₽'.replace(/&nbsp;/g, '\u00a0'));
    expect(page.body).toContain('Tonic Wallet');
    expect(page.body).toContain(payment.orderId);
    expect(page.body).toMatch(/<button class="pay" type="submit">Pay<\/button>/);
    expect(page.body).toMatch(/<button class="decline" type="submit">Decline<\/button>/);

    const paid = await press(payment.paymentUrl, 'pay');
    expect(paid.statusCode).toBe(303);
    const location = new URL(paid.headers.location as string);
    expect(location.pathname).toBe('/payment-success');
    expect(location.searchParams.get('paymentId')).toBe(payment.paymentId);

    // The browser redirect credits nothing: only the callback does.
    expect(await balances(t, ann)).toEqual(before);
    expect((await getPayment(ann, payment.paymentId)).body.data.status).toBe('pending');

    expect(await runJobs(t)).toBe(1);
    const settled = (await getPayment(ann, payment.paymentId)).body.data;
    expect(settled).toMatchObject({ status: 'succeeded', errorCode: null, orderId: payment.orderId, invoiceId: payment.invoiceId });
    expect(settled.transactionId).toMatch(/^wtx_/);
    expect(await balances(t, ann)).toEqual({ USD: before.USD, RUB: before.RUB + 150_000 });

    // The acquirer delivers the same callback again (twice more): still credited once.
    for (let i = 0; i < 2; i++) {
      const again = await t.call({ method: 'POST', url: `/api/dev/sbp/invoices/${payment.invoiceId}/callback` });
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ webhookStatus: 200, webhookBody: { success: true, data: { outcome: 'already_settled' } } });
    }
    // Pressing Pay again changes nothing either.
    expect((await press(payment.paymentUrl, 'pay')).statusCode).toBe(303);
    await runJobs(t);
    expect(await balances(t, ann)).toEqual({ USD: before.USD, RUB: before.RUB + 150_000 });

    const { items } = await listTransactions(t, ann, '?type=sbpTopup');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: settled.transactionId,
      type: 'sbpTopup',
      direction: 'credit',
      amount: { amount: 150_000, currency: 'RUB' },
      reference: payment.orderId,
      details: { paymentId: payment.paymentId, orderId: payment.orderId, invoiceId: payment.invoiceId },
    });
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });

  it('a callback delivered twice concurrently credits once', async () => {
    const before = await balances(t, bob);
    const payment = (await createSbp(t, bob, { amount: 20_000 })).body.data;
    await press(payment.paymentUrl, 'pay');
    const both = await Promise.all([
      t.call({ method: 'POST', url: `/api/dev/sbp/invoices/${payment.invoiceId}/callback` }),
      t.call({ method: 'POST', url: `/api/dev/sbp/invoices/${payment.invoiceId}/callback` }),
      runJobs(t),
    ]);
    const outcomes = both.slice(0, 2).map((r) => (r as { body: any }).body.data.webhookBody.data.outcome);
    expect(outcomes.filter((o) => o === 'credited').length).toBeLessThanOrEqual(1);
    expect((await balances(t, bob)).RUB).toBe(before.RUB + 20_000);
  });

  it('Decline → redirect to /payment-failed with the code; the callback marks the payment failed; nothing credited', async () => {
    const before = await balances(t, ann);
    const payment = (await createSbp(t, ann, { amount: 10_000 })).body.data;
    const declined = await press(payment.paymentUrl, 'decline');
    expect(declined.statusCode).toBe(303);
    const location = new URL(declined.headers.location as string);
    expect(location.pathname).toBe('/payment-failed');
    expect(location.searchParams.get('paymentId')).toBe(payment.paymentId);
    expect(location.searchParams.get('code')).toBe('PAYMENT_DECLINED');
    await runJobs(t);
    expect((await getPayment(ann, payment.paymentId)).body.data).toMatchObject({ status: 'failed', errorCode: 'PAYMENT_DECLINED', transactionId: null });
    expect(await balances(t, ann)).toEqual(before);
    const page = await t.app.inject({ method: 'GET', url: pathOf(payment.paymentUrl) });
    expect(page.body).toContain('Declined');
    expect(page.body).not.toContain('type="submit">Pay<');
  });

  it("another user's payment is 404, like an unknown id", async () => {
    const payment = (await createSbp(t, ann, { amount: 10_000 })).body.data;
    const foreign = await getPayment(bob, payment.paymentId);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('SBP_PAYMENT_NOT_FOUND');
    expect((await getPayment(bob, 'sbp_unknown')).status).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/wallet/sbp/${payment.paymentId}` })).status).toBe(401);
  });

  it('the webhook refuses a bad or missing signature (401) and credits nothing', async () => {
    const before = await balances(t, ann);
    const payment = (await createSbp(t, ann, { amount: 10_000 })).body.data;
    const body = JSON.stringify({
      eventId: 'x',
      invoiceId: payment.invoiceId,
      orderId: payment.orderId,
      status: 'succeeded',
      amount: 10_000,
      currency: 'RUB',
      errorCode: null,
      occurredAt: new Date().toISOString(),
    });
    for (const signature of [undefined, 'sha256=00', signSbpCallback('wrong-secret-wrong-secret', body)]) {
      const res = await webhook(body, signature);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
    }
    // A correctly signed body that was altered after signing is refused too.
    const secret = t.app.walletModules.settings.sbp.webhookSecret;
    const signed = signSbpCallback(secret, body);
    expect((await webhook(body.replace('10000', '99999'), signed)).status).toBe(401);
    expect(await balances(t, ann)).toEqual(before);
    // The genuine signature works.
    const ok = await webhook(body, signed);
    expect(ok.status).toBe(200);
    expect(ok.body.data.outcome).toBe('credited');
    // A signed callback for an amount that is not the payment's is refused.
    const other = (await createSbp(t, ann, { amount: 10_000 })).body.data;
    const wrong = JSON.stringify({ ...JSON.parse(body), invoiceId: other.invoiceId, orderId: other.orderId, amount: 1 });
    expect((await webhook(wrong, signSbpCallback(secret, wrong))).status).toBe(400);
  });

  it('amounts outside the configured limits are refused with a clear message; bad amounts with 400', async () => {
    const low = await createSbp(t, ann, { amount: 9_999 });
    expect(low.status).toBe(422);
    expect(low.body.error).toMatchObject({ code: 'AMOUNT_BELOW_MINIMUM', message: 'The smallest SBP top-up is ₽100.00.' });
    const high = await createSbp(t, ann, { amount: 30_000_001 });
    expect(high.status).toBe(422);
    expect(high.body.error).toMatchObject({ code: 'AMOUNT_ABOVE_MAXIMUM', message: 'The largest SBP top-up is ₽300,000.00.' });
    expect((await createSbp(t, ann, { amount: 10_000 })).status).toBe(200);
    expect((await createSbp(t, ann, { amount: 30_000_000 })).status).toBe(200);
    for (const amount of [0, -1, 100.5, '10000', 1e20, null]) {
      const res = await createSbp(t, ann, { amount });
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('create is idempotent: same key → same payment; another amount → 422', async () => {
    const key = randomUUID();
    const first = await createSbp(t, ann, { amount: 12_300 }, key);
    const second = await createSbp(t, ann, { amount: 12_300 }, key);
    expect(second.body.data).toEqual(first.body.data);
    const other = await createSbp(t, ann, { amount: 12_400 }, key);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('returnUrl must be on the app origin or the bot link; the result pages then live there', async () => {
    const refused = await createSbp(t, ann, { amount: 10_000, returnUrl: 'https://evil.example/steal' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('RETURN_URL_NOT_ALLOWED');
    const bot = t.app.walletModules.settings.app.botUsername;
    const viaTelegram = (await createSbp(t, ann, { amount: 10_000, returnUrl: `https://t.me/${bot}/app` })).body.data;
    const redirect = await press(viaTelegram.paymentUrl, 'pay');
    expect(redirect.headers.location).toBe(`https://t.me/${bot}/app?startapp=sbp_${viaTelegram.paymentId}`);
    const own = (await createSbp(t, ann, { amount: 10_000, returnUrl: `${t.config.publicOrigin}/wallet` })).body.data;
    expect((await press(own.paymentUrl, 'pay')).headers.location).toBe(`${t.config.publicOrigin}/payment-success?paymentId=${own.paymentId}`);
  });

  it('when the acquirer refuses: 502 SBP_PROVIDER_ERROR, and the same key may be retried once it is back', async () => {
    await t.call({ method: 'POST', url: '/api/dev/sbp/settings', payload: { failCreate: true } });
    const key = randomUUID();
    const failed = await createSbp(t, ann, { amount: 10_000 }, key);
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe('SBP_PROVIDER_ERROR');
    await t.call({ method: 'POST', url: '/api/dev/sbp/settings', payload: { failCreate: false } });
    const retried = await createSbp(t, ann, { amount: 10_000 }, key);
    expect(retried.status).toBe(200);
    expect(retried.body.data.status).toBe('pending');
  });

  it('callbacks are delivered asynchronously after the configured delay (through the jobs queue)', async () => {
    await t.call({ method: 'POST', url: '/api/dev/sbp/settings', payload: { callbackDelayMs: 60_000 } });
    const payment = (await createSbp(t, bob, { amount: 10_000 })).body.data;
    await press(payment.paymentUrl, 'pay');
    await runJobs(t); // not due for a minute: stays queued
    const queued = await listJobs(t.db, { kind: 'sandbox.sbp.callback', status: 'queued' });
    expect(queued.some((job) => (job.payload as { invoiceId: string }).invoiceId === payment.invoiceId)).toBe(true);
    expect((await getPayment(bob, payment.paymentId)).body.data.status).toBe('pending');
  });

  it('a payment nobody pays expires; paying its page afterwards fails with PAYMENT_EXPIRED', async () => {
    const payment = (await createSbp(t, ann, { amount: 10_000 })).body.data;
    t.clock.advance(t.app.walletModules.settings.sbp.paymentTtlSeconds + 1);
    await refreshTokens(t, ann); // the access token lives 15 minutes too
    expect((await getPayment(ann, payment.paymentId)).body.data).toMatchObject({ status: 'expired', errorCode: 'PAYMENT_EXPIRED' });
    const late = await press(payment.paymentUrl, 'pay');
    expect(new URL(late.headers.location as string).searchParams.get('code')).toBe('PAYMENT_EXPIRED');
    await runJobs(t);
    expect((await getPayment(ann, payment.paymentId)).body.data.status).toBe('expired');
  });

  it('refuses accounts under verification (403) and unauthenticated calls (401)', async () => {
    const fresh = await signUp(t);
    const res = await t.call({
      method: 'POST',
      url: '/api/wallet/sbp',
      headers: { authorization: `Bearer ${fresh.accessToken}`, 'idempotency-key': randomUUID() },
      payload: { amount: 10_000 },
    });
    expect(res.status).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/wallet/sbp', headers: { 'idempotency-key': randomUUID() }, payload: { amount: 10_000 } })).status).toBe(401);
  });

  it('the sandbox page of an unknown invoice is a 404 page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/sbp/pay/INV0000' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
