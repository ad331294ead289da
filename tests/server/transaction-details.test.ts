/**
 * Transaction details (issue #14 "History"): GET /api/wallet/transactions/{transactionId} and
 * GET /api/cards/{id}/transactions/{transactionId} and GET /api/cards/{id}/trades/{tradeId} — each type's fields, the timeline, fees, ids and related objects;
 * declined SBP attempts and held USDT deposits in the history and in the details; owner only (404 otherwise).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJobRegistry, runDueJobs } from '../../server/jobs';
import { checkLedger } from '../../server/modules/ledger';
import { createCard, getCard, setIssuerMode, spreadClientIps } from './card-helpers';
import { createTestApp, type TestApp } from './harness';
import { createSbp, depositUsdt, exchange, getWallet, listTransactions, quote, rawTransfer, runJobs, verifiedUser, type TestUser } from './wallet-support';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
const ids = { cardId: '', topupTransfer: '', exchangeTx: '', sbpPaid: '', sbpDeclined: '', held: '', depositTx: '' };

const asCardUser = (user: TestUser) => ({ ...user, id: user.userId });
const drain = () => runDueJobs(t.db, { registry: appJobRegistry(t.app), backoffBaseMs: 0 });
const get = (user: TestUser, url: string) => t.call({ method: 'GET', url, headers: user.headers });
const walletDetails = (user: TestUser, id: string) => get(user, `/api/wallet/transactions/${encodeURIComponent(id)}`);
const cardDetails = (user: TestUser, cardId: string, id: string) => get(user, `/api/cards/${encodeURIComponent(cardId)}/transactions/${encodeURIComponent(id)}`);
const tradeDetails = (user: TestUser, cardId: string, id: string) => get(user, `/api/cards/${encodeURIComponent(cardId)}/trades/${encodeURIComponent(id)}`);
const steps = (timeline: Array<{ stage: string; state: string }>) => timeline.map((step) => `${step.stage}:${step.state}`);
const press = (paymentUrl: string, action: 'pay' | 'decline') =>
  t.app.inject({ method: 'POST', url: `${new URL(paymentUrl).pathname}/${action}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });

beforeAll(async () => {
  t = await createTestApp();
  spreadClientIps(t);
  await setIssuerMode(t, { delayMs: 0 });
  await t.call({ method: 'POST', url: '/api/dev/sbp/settings', payload: { callbackDelayMs: 0, failCreate: false, dropCallbacks: false } });
  ann = await verifiedUser(t);
  bob = await verifiedUser(t);
  ids.depositTx = (await depositUsdt(t, ann, 300)).outcome.transactionId!;
  await depositUsdt(t, bob, 100);

  // A virtual card, active, topped up once.
  const card = await createCard(t, asCardUser(ann), { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
  expect(card.status).toBe(200);
  ids.cardId = card.body.data.id;
  await drain();
  expect((await getCard(t, asCardUser(ann), ids.cardId)).status).toBe('active');
  t.clock.advance(1);
  const topUp = await t.call({
    method: 'POST',
    url: `/api/cards/${ids.cardId}/topup`,
    headers: { ...ann.headers, 'idempotency-key': randomUUID() },
    payload: { amount: 15_00 },
  });
  expect(topUp.status).toBe(200);
  ids.topupTransfer = topUp.body.data.transfer.id;
  await drain();

  // An exchange USD → RUB.
  t.clock.advance(1);
  const q = await quote(t, ann, 'USD', 'RUB');
  const exchanged = await exchange(t, ann, { from: 'USD', to: 'RUB', amount: 10_00, quoteId: q.quoteId });
  expect(exchanged.status).toBe(200);
  ids.exchangeTx = exchanged.body.data.transactionId;

  // One SBP payment paid, one declined.
  t.clock.advance(1);
  const paid = (await createSbp(t, ann, { amount: 50_000 })).body.data;
  expect((await press(paid.paymentUrl, 'pay')).statusCode).toBe(303);
  const declined = (await createSbp(t, ann, { amount: 70_000 })).body.data;
  expect((await press(declined.paymentUrl, 'decline')).statusCode).toBe(303);
  await runJobs(t);
  ids.sbpPaid = paid.paymentId;
  ids.sbpDeclined = declined.paymentId;

  // A USDT deposit below the minimum with ann's tag: held for review.
  t.clock.advance(1);
  const { usdtDepositTag: tag } = await getWallet(t, ann);
  const held = await rawTransfer(t, { amount: `1.${tag}`, from: 'TStrangerDetai1sXXXXXXXXXXXXXXXXXX' });
  expect(held.status).toBe(200);
  expect(held.body.data.outcome).toMatchObject({ status: 'unmatched', reason: 'below_minimum' });
  expect(await checkLedger(t.db)).toMatchObject({ ok: true });
});
afterAll(() => t?.close());

describe('the wallet history lists declined SBP attempts and held deposits, marked as such', () => {
  it('a declined SBP payment is a failed sbpTopup row with its code; the paid one is the ledger credit', async () => {
    const items = (await listTransactions(t, ann, '?limit=100')).items;
    const declinedRow = items.find((item) => item.id === ids.sbpDeclined);
    expect(declinedRow).toMatchObject({
      type: 'sbpTopup',
      status: 'failed',
      direction: 'credit',
      failureCode: 'PAYMENT_DECLINED',
      amount: { amount: 70_000, currency: 'RUB' },
      details: { paymentId: ids.sbpDeclined, orderId: expect.stringMatching(/^TW-/) },
    });
    const paidRows = items.filter((item) => item.type === 'sbpTopup' && item.details.paymentId === ids.sbpPaid);
    expect(paidRows).toHaveLength(1);
    expect(paidRows[0]).toMatchObject({ status: 'completed', id: expect.stringMatching(/^wtx_/) });
    const held = items.find((item) => item.type === 'usdtDeposit' && item.details.hold !== null)!;
    ids.held = held.id;
    expect(held).toMatchObject({ id: expect.stringMatching(/^udp_\d+$/), status: 'pending', details: { hold: { reason: 'below_minimum' } } });
  });

  it('filters keep working: type and currency match the declined row; another user never sees it', async () => {
    expect((await listTransactions(t, ann, '?type=sbpTopup')).items.map((item) => item.id)).toContain(ids.sbpDeclined);
    expect((await listTransactions(t, ann, '?currency=RUB&limit=100')).items.map((item) => item.id)).toContain(ids.sbpDeclined);
    expect((await listTransactions(t, ann, '?currency=USD&limit=100')).items.map((item) => item.id)).not.toContain(ids.sbpDeclined);
    expect(JSON.stringify((await listTransactions(t, bob, '?limit=100')).items)).not.toContain(ids.sbpDeclined);
  });

  it('nothing of a declined attempt is in the ledger or the balance', async () => {
    const rows = await t.db.query('SELECT id FROM ledger_transactions WHERE details->>\'paymentId\' = $1', [ids.sbpDeclined]);
    expect(rows).toHaveLength(0);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });
});

describe('GET /api/wallet/transactions/{transactionId}', () => {
  it('a USDT deposit: tx hash, exact amount, completed timeline', async () => {
    const res = await walletDetails(ann, ids.depositTx);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      source: 'ledger',
      transaction: { id: ids.depositTx, type: 'usdtDeposit', status: 'completed', details: { network: 'TRON', txHash: expect.any(String), hold: null } },
      fees: [],
      total: null,
      card: null,
      sbpPayment: null,
    });
    expect(res.body.data.timeline).toEqual([
      { stage: 'accepted', state: 'complete', at: res.body.data.transaction.createdAt },
      { stage: 'processing', state: 'complete', at: null },
      { stage: 'done', state: 'complete', at: res.body.data.transaction.finishedAt },
    ]);
  });

  it('an exchange: its rate, its fee (inside the amount), the credited leg', async () => {
    const res = await walletDetails(ann, ids.exchangeTx);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.transaction).toMatchObject({ type: 'currencyExchange', amount: { amount: 10_00, currency: 'USD' }, details: { rate: expect.stringMatching(/^\d+\.\d+$/) } });
    expect(data.transaction.details.counterAmount.currency).toBe('RUB');
    expect(data.fees).toEqual(data.transaction.details.fee.amount > 0 ? [{ reason: 'exchange', amount: data.transaction.details.fee, transactionId: null }] : []);
    expect(data.total).toEqual({ amount: 10_00, currency: 'USD' });
    expect(data.timeline.at(-1)).toMatchObject({ stage: 'done', state: 'complete' });
  });

  it('a card top-up (cardTransfer): the commission as a fee, the total, the card', async () => {
    const items = (await listTransactions(t, ann, '?type=cardTransfer')).items;
    const transfer = items.find((item) => item.details.transferId === ids.topupTransfer)!;
    const res = await walletDetails(ann, transfer.id);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.transaction).toMatchObject({ type: 'cardTransfer', details: { cardId: ids.cardId, transferId: ids.topupTransfer } });
    expect(data.fees).toHaveLength(1);
    expect(data.fees[0]).toMatchObject({ reason: 'cardTopUp', transactionId: expect.stringMatching(/^wtx_/) });
    expect(data.total.amount).toBe(data.transaction.amount.amount + data.fees[0].amount.amount);
    expect(data.card).toMatchObject({ id: ids.cardId, status: 'active', last4: expect.stringMatching(/^\d{4}$/) });
  });

  it('a card issue and its commission both name the card', async () => {
    const issue = (await listTransactions(t, ann, '?type=cardIssue')).items[0]!;
    const issueDetails = (await walletDetails(ann, issue.id)).body.data;
    expect(issueDetails.card).toMatchObject({ id: ids.cardId });
    expect(issueDetails.fees.map((fee: { reason: string }) => fee.reason)).toEqual(['cardIssue']);
    const commission = (await listTransactions(t, ann, '?type=serviceCommission&limit=100')).items[0]!;
    const commissionDetails = (await walletDetails(ann, commission.id)).body.data;
    expect(commissionDetails).toMatchObject({ card: { id: ids.cardId }, fees: [] });
  });

  it('a paid SBP top-up: order id, invoice id and the payment', async () => {
    const paid = (await listTransactions(t, ann, '?type=sbpTopup')).items.find((item) => item.details.paymentId === ids.sbpPaid)!;
    const data = (await walletDetails(ann, paid.id)).body.data;
    expect(data).toMatchObject({
      source: 'ledger',
      transaction: { status: 'completed', details: { orderId: expect.stringMatching(/^TW-/), invoiceId: expect.any(String) } },
      sbpPayment: { paymentId: ids.sbpPaid, status: 'succeeded', transactionId: paid.id },
    });
  });

  it('a declined SBP attempt: source declinedSbp, failed timeline with the code, the payment', async () => {
    const res = await walletDetails(ann, ids.sbpDeclined);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      source: 'declinedSbp',
      transaction: { id: ids.sbpDeclined, type: 'sbpTopup', status: 'failed', failureCode: 'PAYMENT_DECLINED' },
      sbpPayment: { paymentId: ids.sbpDeclined, status: 'failed', errorCode: 'PAYMENT_DECLINED', transactionId: null },
      total: null,
    });
    expect(data.timeline.map((step: { stage: string; state: string }) => `${step.stage}:${step.state}`)).toEqual([
      'accepted:complete',
      'processing:complete',
      'failed:complete',
    ]);
    expect(data.timeline[2].at).toEqual(expect.any(String));
  });

  it('a held USDT deposit: source heldDeposit, processing is current, nothing done yet', async () => {
    const res = await walletDetails(ann, ids.held);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      source: 'heldDeposit',
      transaction: { id: ids.held, type: 'usdtDeposit', status: 'pending', details: { hold: { reason: 'below_minimum' }, usdtAmount: expect.stringMatching(/^1\.\d{6}$/) } },
    });
    expect(res.body.data.timeline.map((step: { stage: string; state: string }) => `${step.stage}:${step.state}`)).toEqual([
      'accepted:complete',
      'processing:current',
      'done:upcoming',
    ]);
  });

  it('owner only: every kind of id of another user answers 404 NOT_FOUND like an unknown id', async () => {
    const paid = (await listTransactions(t, ann, '?type=sbpTopup')).items.find((item) => item.details.paymentId === ids.sbpPaid)!;
    const unknown = await walletDetails(bob, 'wtx_nobody_has_this');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    for (const id of [ids.depositTx, ids.exchangeTx, paid.id, ids.sbpDeclined, ids.held, ids.sbpPaid]) {
      const res = await walletDetails(bob, id);
      expect(res.status, id).toBe(404);
      expect(res.body.error, id).toEqual({ ...unknown.body.error });
    }
    // A successful SBP payment id is not a history row (its ledger credit is), nor is an odd held id.
    for (const id of [ids.sbpPaid, 'udp_0', 'udp_99999999999999999999', 'udp_x']) expect((await walletDetails(ann, id)).status, id).toBe(404);
  });
});

describe('GET /api/cards/{id}/transactions/{transactionId}', () => {
  const cardRows = async () =>
    (await get(ann, `/api/cards/${ids.cardId}/transactions`)).body.data.items as Array<{ id: string; type: string; tradeId: string | null }>;

  it('a card top-up: fee, wallet debit, transfer id, the card', async () => {
    const row = (await cardRows()).find((item) => item.type === 'topup')!;
    const res = await cardDetails(ann, ids.cardId, row.id);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      transaction: { id: row.id, type: 'topup', status: 'completed', amount: { amount: 15_00, currency: 'USD' } },
      transferId: ids.topupTransfer,
      failureCode: null,
      card: { id: ids.cardId },
      trade: null,
    });
    expect(data.walletDebit.amount).toBe(15_00 + data.fee.amount);
    expect(data.timeline.map((step: { stage: string; state: string }) => `${step.stage}:${step.state}`)).toEqual([
      'accepted:complete',
      'processing:complete',
      'done:complete',
    ]);
  });

  it('the card issue: the fees of issuing and the wallet debit', async () => {
    const row = (await cardRows()).find((item) => item.type === 'issue')!;
    const data = (await cardDetails(ann, ids.cardId, row.id)).body.data;
    expect(data.transaction).toMatchObject({ type: 'issue', amount: { amount: 20_00 } });
    expect(data.walletDebit.amount).toBe(20_00 + data.fee.amount);
  });

  it('a purchase: the trade with its merchant', async () => {
    t.clock.advance(1);
    expect((await t.call({ method: 'POST', url: `/api/dev/cards/${ids.cardId}/purchase`, payload: { amount: 3_21, merchant: 'COFFEE PLACE' } })).status).toBe(200);
    const row = (await cardRows()).find((item) => item.type === 'purchase')!;
    const data = (await cardDetails(ann, ids.cardId, row.id)).body.data;
    expect(data).toMatchObject({ transaction: { type: 'purchase', tradeId: row.tradeId }, trade: { id: row.tradeId, merchant: { name: 'COFFEE PLACE' }, status: 'completed' }, fee: null });
  });

  it("owner only: another user's card is CARD_NOT_FOUND; a transaction of another card is NOT_FOUND", async () => {
    const row = (await cardRows())[0]!;
    const viaBob = await cardDetails(bob, ids.cardId, row.id);
    expect(viaBob.status).toBe(404);
    expect(viaBob.body.error.code).toBe('CARD_NOT_FOUND');
    expect((await cardDetails(ann, ids.cardId, 'ctx_nobody_has_this')).body.error.code).toBe('NOT_FOUND');
    // Bob with his own card id and Ann's transaction id.
    const bobCard = await createCard(t, asCardUser(bob), { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
    expect(bobCard.status).toBe(200);
    const crossed = await cardDetails(bob, bobCard.body.data.id, row.id);
    expect(crossed.status).toBe(404);
    expect(crossed.body.error.code).toBe('NOT_FOUND');
    expect(JSON.stringify(crossed.body)).not.toContain(ids.cardId);
  });
});

describe('GET /api/cards/{id}/trades/{tradeId}', () => {
  const purchase = async (amount: number, merchant: string) => {
    t.clock.advance(1);
    const res = await t.call({ method: 'POST', url: `/api/dev/cards/${ids.cardId}/purchase`, payload: { amount, merchant } });
    expect(res.status).toBe(200);
    return res.body.data as { id: string; status: string; declineReason: string | null };
  };

  it('an approved purchase: the trade, done timeline, the card and the card transaction it made', async () => {
    const trade = await purchase(2_34, 'BOOK STORE');
    expect(trade.status).toBe('completed');
    const res = await tradeDetails(ann, ids.cardId, trade.id);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      trade: { id: trade.id, cardId: ids.cardId, kind: 'purchase', status: 'completed', merchant: { name: 'BOOK STORE' }, amount: { amount: 2_34, currency: 'USD' } },
      failureCode: null,
      card: { id: ids.cardId },
    });
    expect(steps(data.timeline)).toEqual(['accepted:complete', 'processing:complete', 'done:complete']);
    expect(data.timeline[2].at).not.toBeNull();
    expect(data.transactions).toHaveLength(1);
    expect(data.transactions[0]).toMatchObject({ type: 'purchase', tradeId: trade.id, status: 'completed', amount: { amount: 2_34 } });
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });

  it('a declined purchase: failed timeline with its reason, no card transaction, nothing moved', async () => {
    const before = (await getCard(t, asCardUser(ann), ids.cardId)).balance;
    const trade = await purchase(9_999_00, 'TOO EXPENSIVE');
    expect(trade).toMatchObject({ status: 'declined', declineReason: 'INSUFFICIENT_FUNDS' });
    const data = (await tradeDetails(ann, ids.cardId, trade.id)).body.data;
    expect(data).toMatchObject({ trade: { id: trade.id, status: 'declined', declineReason: 'INSUFFICIENT_FUNDS' }, failureCode: 'INSUFFICIENT_FUNDS', transactions: [] });
    expect(steps(data.timeline)).toEqual(['accepted:complete', 'processing:complete', 'failed:complete']);
    expect((await getCard(t, asCardUser(ann), ids.cardId)).balance).toEqual(before);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });

  it("owner only: another user's card is CARD_NOT_FOUND; a trade of another card or an unknown id is NOT_FOUND", async () => {
    const trade = await purchase(1_00, 'PRIVATE SHOP');
    const viaBob = await tradeDetails(bob, ids.cardId, trade.id);
    expect(viaBob.status).toBe(404);
    expect(viaBob.body.error.code).toBe('CARD_NOT_FOUND');
    expect(JSON.stringify(viaBob.body)).not.toContain('PRIVATE SHOP');
    const unknown = await tradeDetails(ann, ids.cardId, 'trd_nobody_has_this');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
    const bobCard = await createCard(t, asCardUser(bob), { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
    expect(bobCard.status).toBe(200);
    const crossed = await tradeDetails(bob, bobCard.body.data.id, trade.id);
    expect(crossed.status).toBe(404);
    expect(crossed.body.error.code).toBe('NOT_FOUND');
    expect(JSON.stringify(crossed.body)).not.toContain('PRIVATE SHOP');
  });
});
