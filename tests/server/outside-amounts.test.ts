/**
 * Every number an outside service sends is untrusted input with bounds (issue #31 item 1; the rates:
 * rates-cbr.test.ts, redirects: outside-redirects.test.ts):
 * - a single USDT deposit above USDT_REVIEW_THRESHOLD is held for review, not credited (its owner sees it held,
 *   support lists it with its own reason);
 * - an acquirer callback or an issuer event whose amount or currency is not what we sent is refused (nothing moves)
 *   and alerted (logged at error, `outside_input_refused_total`).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signSbpCallback } from '../../server/adapters/sbp';
import { IssuerEvents } from '../../server/modules/cards/events';
import { checkLedger } from '../../server/modules/ledger';
import type { Monitor } from '../../server/monitor';
import { SandboxCardIssuer } from '../../server/sandbox';
import { appJobRegistry, JobRegistry, runDueJobs } from '../../server/jobs';
import { sandboxAtRestKey } from '../../server/adapters/card-issuer';
import { createCard, setIssuerMode } from './card-helpers';
import { createTestApp, type TestApp } from './harness';
import { balances, createSbp, depositUsdt, getWallet, listTransactions, verifiedUser, type TestUser } from './wallet-support';

const SUPPORT_TOKEN = 'support-token-outside-amounts';
let t: TestApp;
let ann: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { USDT_REVIEW_THRESHOLD: '5000', SUPPORT_TOKEN } });
  await setIssuerMode(t, { delayMs: 0 });
  ann = await verifiedUser(t);
});
afterAll(() => t.close());

const drain = () => runDueJobs(t.db, { registry: appJobRegistry(t.app), backoffBaseMs: 0 });
const refused = async (source: string, reason: string): Promise<number> => {
  const metrics = (await t.app.inject({ method: 'GET', url: '/api/metrics' })).body;
  return Number(new RegExp(`^outside_input_refused_total\\{source="${source}",reason="${reason}"\\} (\\d+)$`, 'm').exec(metrics)?.[1] ?? 0);
};

describe('a USDT deposit above USDT_REVIEW_THRESHOLD', () => {
  it('is held for review in its owner\'s history and listed for support, never credited; one at the threshold is credited', async () => {
    const before = await balances(t, ann);
    const big = await depositUsdt(t, ann, 5001);
    expect(big.outcome).toMatchObject({ status: 'unmatched', reason: 'over_review_threshold', credited: null });
    expect(await balances(t, ann)).toEqual(before);
    const held = (await listTransactions(t, ann)).items.find((row) => row.reference === big.transfer.txHash);
    expect(held).toMatchObject({ type: 'usdtDeposit', status: 'pending', details: { hold: { reason: 'over_review_threshold' } } });
    const listed = await t.call({ method: 'GET', url: '/api/support/parked-deposits', headers: { authorization: `Bearer ${SUPPORT_TOKEN}` } });
    expect(listed.body.data.items.find((item: { txHash: string }) => item.txHash === big.transfer.txHash)).toMatchObject({
      reason: 'over_review_threshold',
      candidateUserId: ann.userId,
      attribution: 'tag',
    });
    // At the threshold: credited (the tag's decimals stay under a cent of it).
    const { usdtDepositTag } = await getWallet(t, ann);
    const atThreshold = await t.call({ method: 'POST', url: '/api/dev/tron/transfers', payload: { amount: `4999.${usdtDepositTag}` } });
    expect(atThreshold.body.data.outcome.status).toBe('credited');
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });
});

describe('an acquirer callback that is not what we sent', () => {
  const webhook = (body: string) =>
    t.call({
      method: 'POST',
      url: '/api/webhooks/sbp',
      headers: { 'content-type': 'application/json', 'x-sbp-signature': signSbpCallback(t.app.walletModules.settings.sbp.webhookSecret, body) },
      payload: body,
    });

  it.each<[string, { amount?: number; currency?: string }]>([
    ['another amount', { amount: 1_000_000 }],
    ['another currency', { currency: 'USD' }],
  ])('signed, with %s: refused (400), nothing credited, alerted', async (_, change) => {
    const payment = (await createSbp(t, ann, { amount: 10_000 })).body.data;
    const before = await balances(t, ann);
    const alerts = await refused('sbp-acquirer', change.currency ? 'malformed' : 'not_what_we_sent');
    const body = JSON.stringify({
      eventId: randomUUID(),
      invoiceId: payment.invoiceId,
      orderId: payment.orderId,
      status: 'succeeded',
      amount: 10_000,
      currency: 'RUB',
      errorCode: null,
      occurredAt: t.clock.now().toISOString(),
      ...change,
    });
    const res = await webhook(body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(await balances(t, ann)).toEqual(before);
    expect(await refused('sbp-acquirer', change.currency ? 'malformed' : 'not_what_we_sent')).toBe(alerts + 1);
  });
});

describe('an issuer event that is not what we sent', () => {
  let cardId: string;
  let signer: SandboxCardIssuer;
  beforeAll(async () => {
    await depositUsdt(t, ann, 200);
    const card = await createCard(t, { ...ann, id: ann.userId } as TestUser & { id: string }, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
    expect(card.status).toBe(200);
    cardId = card.body.data.id;
    await drain();
    signer = new SandboxCardIssuer({ db: t.db, clock: t.clock, registry: new JobRegistry(), atRestKey: sandboxAtRestKey(undefined, t.config.jwtSecret) });
  });

  /** A top-up the issuer has not reported yet (its sandbox step is left in the queue). */
  const pendingTopup = async () => {
    await setIssuerMode(t, { delayMs: 600_000 });
    const res = await t.call({
      method: 'POST',
      url: `/api/cards/${cardId}/topup`,
      headers: { ...ann.headers, 'idempotency-key': randomUUID() },
      payload: { amount: 10_00 },
    });
    expect(res.status).toBe(200);
    await drain(); // the request reaches the issuer; its answer waits ten minutes
    return res.body.data.transfer.id as string;
  };
  const post = (event: object) => {
    const { rawBody, headers } = signer.webhookFor(event as never);
    return t.call({ method: 'POST', url: '/api/webhooks/card-issuer', payload: rawBody, headers });
  };
  const cardBalance = async () => (await t.call({ method: 'GET', url: `/api/cards/${cardId}`, headers: ann.headers })).body.data.balance.amount as number;

  it.each([
    ['another amount', { amount: 1_000_00, currency: 'USD' }],
    ['another currency', { amount: 10_00, currency: 'RUB' }],
  ])('topup.completed with %s: refused (400), the top-up stays pending, nothing credited, alerted', async (_, loaded) => {
    const topupRef = await pendingTopup();
    const balance = await cardBalance();
    const alerts = await refused('card-issuer', 'not_what_we_sent');
    const res = await post({ type: 'topup.completed', cardRef: cardId, topupRef, ...loaded });
    expect(res.status).toBe(400);
    expect(await cardBalance()).toBe(balance);
    expect(await refused('card-issuer', 'not_what_we_sent')).toBe(alerts + 1);
    const [row] = await t.db.query<{ status: string }>('SELECT status FROM card_topups WHERE id = $1', [topupRef]);
    expect(row!.status).toBe('pending');
    // What was sent is accepted.
    expect((await post({ type: 'topup.completed', cardRef: cardId, topupRef, amount: 10_00, currency: 'USD' })).status).toBe(200);
    expect(await cardBalance()).toBe(balance + 10_00);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });

  it('a purchase in another currency than the card\'s is declined and alerted', async () => {
    const monitor = { refused: vi.fn() };
    const events = new IssuerEvents(t.db, t.clock, { debug() {}, info() {}, warn() {}, error() {} }, monitor as unknown as Monitor);
    const result = await events.handle({
      type: 'trade',
      cardRef: cardId,
      trade: { issuerTradeId: `trd_${randomUUID()}`, kind: 'purchase', amount: 1_00, currency: 'RUB', merchant: { name: 'SHOP', mcc: null, country: null }, originalAmount: null },
    });
    expect(result).toMatchObject({ handled: true, approved: false, declineReason: 'CURRENCY_MISMATCH' });
    expect(monitor.refused).toHaveBeenCalledWith('card-issuer', 'trade_currency_mismatch', expect.objectContaining({ cardId, currency: 'RUB' }));
  });

  it('a refund over what was bought on the card and not refunded yet is declined and alerted; one within it is credited', async () => {
    const monitor = { refused: vi.fn() };
    const events = new IssuerEvents(t.db, t.clock, { debug() {}, info() {}, warn() {}, error() {} }, monitor as unknown as Monitor);
    const trade = (kind: 'purchase' | 'refund', amount: number) =>
      events.handle({
        type: 'trade',
        cardRef: cardId,
        trade: { issuerTradeId: `trd_${randomUUID()}`, kind, amount, currency: 'USD', merchant: { name: 'SHOP', mcc: null, country: null }, originalAmount: null },
      });
    const [{ refundable } = { refundable: 0 }] = await t.db.query<{ refundable: number }>(
      `SELECT (coalesce(sum(amount) FILTER (WHERE kind = 'purchase'), 0) - coalesce(sum(amount) FILTER (WHERE kind = 'refund'), 0))::int AS refundable
       FROM card_trades WHERE card_id = $1 AND status = 'completed'`,
      [cardId],
    );
    expect(await trade('purchase', 3_00)).toMatchObject({ approved: true });
    const balance = await cardBalance();
    // More than ever bought: the issuer's number would mint money on the card.
    expect(await trade('refund', refundable + 3_00 + 1)).toMatchObject({ handled: true, approved: false, declineReason: 'REFUND_OVER_PURCHASES' });
    expect(monitor.refused).toHaveBeenCalledWith('card-issuer', 'refund_over_purchases', expect.objectContaining({ cardId }));
    expect(await cardBalance()).toBe(balance);
    // Within what was bought: credited; then the rest, and not a cent more.
    expect(await trade('refund', 2_00)).toMatchObject({ approved: true });
    expect(await trade('refund', refundable + 1_00 + 1)).toMatchObject({ approved: false, declineReason: 'REFUND_OVER_PURCHASES' });
    expect(await trade('refund', refundable + 1_00)).toMatchObject({ approved: true });
    expect(await cardBalance()).toBe(balance + refundable + 3_00);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });
});
