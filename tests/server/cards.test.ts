/**
 * Cards through the API: issue (virtual, physical), refunds on rejection/failure, verification gating,
 * funds, top-up, freeze/unfreeze, activation, trades, access control, the referral hook.
 * Jobs run either through a polling worker ("via the worker") or drained deterministically (runDueJobs).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Card, CardTransaction, TopUpResult, Trade } from '@/shared/contract/cards';
import { ErrorEnvelope } from '@/shared/contract/core';
import { appJobRegistry, listJobs, runDueJobs } from '../../server/jobs';
import { IssuerEvents } from '../../server/modules/cards/events';
import { checkLedger, systemAccountBalance } from '../../server/modules/ledger';
import type { TestApp } from './harness';
import {
  cardAccountBalance,
  createCard,
  expectLedgerBalanced,
  fundWallet,
  getCard,
  newUser,
  refreshSessionOf,
  setIssuerMode,
  startTestWorker,
  waitForCardStatus,
  walletBalance,
  useCardsApp,
  type TestUser,
} from './card-helpers';

let t: TestApp;
useCardsApp((app) => (t = app));
afterEach(async () => {
  await setIssuerMode(t, { issue: 'ok', activate: 'ok', freeze: 'ok', unfreeze: 'ok', topup: 'ok', delayMs: 0 });
  await expectLedgerBalanced(t.db);
});

/** Runs every due job now (issue requests, the sandbox issuer's steps, ...). */
const drain = () => runDueJobs(t.db, { registry: appJobRegistry(t.app), backoffBaseMs: 0 });
/** A system account's balance over all its shards (card money posts to one of CARD_LEDGER_SHARDS shards). */
const system = (code: string, currency = 'USD') => systemAccountBalance(t.db, code, currency as 'USD');
const systemBalances = async (currency = 'USD') => ({
  revenue: await system('fee_revenue', currency),
  funding: await system('card_issuer_funding', currency),
  network: await system('card_network', currency),
});

const refreshSession = (user: TestUser) => refreshSessionOf(t, user);
const api = (user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, key?: string) =>
  t.call({ method, url, ...(payload ? { payload } : {}), headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) } });
const wallet = async (user: TestUser) => (await api(user, 'GET', '/api/wallet')).body.data.balances as Array<{ currency: string; available: { amount: number }; held: { amount: number } }>;
const walletTxs = async (user: TestUser) => (await api(user, 'GET', '/api/wallet/transactions?limit=100')).body.data.items as Array<Record<string, any>>;

/** A verified user with money and an active virtual card (prd_visa_virtual_usd, 20.00 deposit). */
const activeVirtualCard = async (funds = 200_00) => {
  const user = await newUser(t);
  await fundWallet(t.db, user.id, funds);
  const created = await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
  expect(created.status).toBe(200);
  await drain();
  const card = await getCard(t, user, created.body.data.id);
  expect(card.status).toBe('active');
  return { user, card };
};

/** A verified user with an inactive (shipped) physical card (prd_visa_physical_usd, 50.00 deposit). */
const shippedPhysicalCard = async () => {
  const user = await newUser(t);
  await fundWallet(t.db, user.id, 200_00);
  const created = await createCard(t, user, { productId: 'prd_visa_physical_usd', initialDeposit: 50_00 });
  expect(created.status).toBe(200);
  await drain();
  const card = await getCard(t, user, created.body.data.id);
  expect(card.status).toBe('inactive');
  return { user, card };
};

/** The sandbox issuer's code of a shipped card: only its owner's bearer token reads it. */
const activationCode = async (cardId: string, owner: { headers: Record<string, string> }): Promise<string> => {
  const res = await t.call({ method: 'GET', url: `/api/dev/cards/${cardId}/activation-code`, headers: owner.headers });
  expect(res.status).toBe(200);
  return res.body.data.activationCode;
};

const history = async (cardId: string) =>
  (await t.db.query<{ to_status: string }>('SELECT to_status FROM card_status_history WHERE card_id = $1 ORDER BY id', [cardId])).map((r) => r.to_status);

describe('issue a virtual card (via the worker)', () => {
  it('charges issue cost + deposit + fee in one go, answers pending, and the worker makes it active', async () => {
    await setIssuerMode(t, { delayMs: 200 }); // the issuer answers a moment after accepting, as real ones do
    const user = await newUser(t);
    await fundWallet(t.db, user.id, 100_00);
    const before = await systemBalances();

    const res = await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
    expect(res.status).toBe(200);
    const pending = Card.parse(res.body.data);
    expect(pending).toMatchObject({
      status: 'pending',
      statusReason: null,
      scheme: 'visa',
      form: 'virtual',
      currency: 'USD',
      maskedNumber: null,
      last4: null,
      cardholderName: 'ADA LOVELACE',
      balance: { amount: 0, currency: 'USD' },
      productId: 'prd_visa_virtual_usd',
      productName: 'Visa Virtual',
      allowedActions: [],
    });
    // issue cost 10.00 + deposit 20.00 + fee ceil(20.00 × 1.5 %) = 0.30 → 30.30 taken, shown as held.
    expect(await walletBalance(t.db, user.id)).toBe(100_00 - 30_30);
    expect((await wallet(user))[0]).toMatchObject({ currency: 'USD', available: { amount: 69_70 }, held: { amount: 30_30 } });

    const worker = startTestWorker(t);
    try {
      const active = await waitForCardStatus(t, user, pending.id, 'active');
      expect(active).toMatchObject({ statusReason: null, balance: { amount: 20_00, currency: 'USD' }, allowedActions: ['freeze', 'topup', 'reveal', 'withdraw', 'close', 'block'] });
      expect(active.last4).toMatch(/^\d{4}$/);
      expect((active as unknown as Card).maskedNumber).toBe(`•••• ${active.last4}`);
    } finally {
      await worker.stop();
    }
    expect(await history(pending.id)).toEqual(['pending', 'processing', 'active']);
    expect((await wallet(user))[0]).toMatchObject({ available: { amount: 69_70 }, held: { amount: 0 } });
    const after = await systemBalances();
    expect(after.revenue - before.revenue).toBe(5_00 + 30); // creation fee + deposit fee
    expect(after.funding - before.funding).toBe(5_00); // the issuer's fee; the deposit went on to the card
    expect(await cardAccountBalance(t.db, pending.id)).toBe(20_00);

    const txs = await walletTxs(user);
    const issue = txs.find((tx) => tx.type === 'cardIssue');
    const fee = txs.find((tx) => tx.type === 'serviceCommission');
    expect(issue).toMatchObject({ direction: 'debit', amount: { amount: 30_00, currency: 'USD' }, status: 'completed', details: { cardId: pending.id, productId: 'prd_visa_virtual_usd', productName: 'Visa Virtual' } });
    expect(fee).toMatchObject({ direction: 'debit', amount: { amount: 30, currency: 'USD' }, status: 'completed', details: { reason: 'cardIssue', relatedTransactionId: issue!.id, cardId: pending.id } });

    const cardTxs = await api(user, 'GET', `/api/cards/${pending.id}/transactions`);
    expect(cardTxs.body.data.items).toEqual([
      expect.objectContaining({ type: 'issue', direction: 'credit', amount: { amount: 20_00, currency: 'USD' }, status: 'completed', walletTransactionId: issue!.id }),
    ]);
    const [job] = await t.db.query<{ status: string; attempts: number }>(`SELECT status, attempts FROM jobs WHERE kind = 'cards.issue' AND payload->>'cardId' = $1`, [pending.id]);
    expect(job).toEqual({ status: 'done', attempts: 1 });
  });

  it('localizes the product name and issues RUB cards from the RUB wallet', async () => {
    const user = await newUser(t, { firstName: 'Иван', lastName: 'Петров' });
    await fundWallet(t.db, user.id, 5_000_00, 'RUB');
    const res = await t.call({
      method: 'POST',
      url: '/api/cards',
      payload: { productId: 'prd_mastercard_virtual_rub', initialDeposit: 1_000_00 },
      headers: { ...user.headers, 'idempotency-key': randomUUID(), 'accept-language': 'ru' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ currency: 'RUB', productName: 'Mastercard Виртуальная в рублях', cardholderName: 'IVAN PETROV' });
    // 500 + 500 RUB issue cost, 1 000 RUB deposit, 1 % fee = 10 RUB.
    expect(await walletBalance(t.db, user.id, 'RUB')).toBe(5_000_00 - 2_010_00);
    expect(await walletBalance(t.db, user.id, 'USD')).toBe(0);
    await drain();
    expect((await getCard(t, user, res.body.data.id)).balance).toEqual({ amount: 1_000_00, currency: 'RUB' });
  });
});

describe('issue a physical card (via the worker)', () => {
  it('goes pending → processing → fabricating → inactive (shipped), then activates with the envelope code', async () => {
    await setIssuerMode(t, { delayMs: 300 });
    const user = await newUser(t);
    await fundWallet(t.db, user.id, 200_00);
    const res = await createCard(t, user, { productId: 'prd_visa_physical_usd', initialDeposit: 50_00 });
    expect(res.status).toBe(200);
    const cardId = res.body.data.id as string;
    // 50.00 issue cost + 50.00 deposit + (1.00 + 0.75) fee.
    expect(await walletBalance(t.db, user.id)).toBe(200_00 - 101_75);
    expect(res.body.data.status).toBe('pending');

    const worker = startTestWorker(t);
    try {
      const fabricating = await waitForCardStatus(t, user, cardId, 'fabricating');
      expect(fabricating.last4).toMatch(/^\d{4}$/);
      expect(fabricating.balance.amount).toBe(0);
      const shipped = await waitForCardStatus(t, user, cardId, 'inactive');
      expect(shipped).toMatchObject({ statusReason: 'AWAITING_ACTIVATION', allowedActions: ['activate'], balance: { amount: 50_00 } });

      const code = await activationCode(cardId, user);
      expect(code).toMatch(/^\d{6}$/);
      const wrong = code === '000000' ? '111111' : '000000';
      const refused = await api(user, 'POST', '/api/cards/activate', { cardId, activationCode: wrong }, randomUUID());
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({ code: 'INVALID_ACTIVATION_CODE', message: expect.stringContaining('4 attempts left'), fields: { activationCode: expect.any(String) } });
      // The tries left are typed data in the envelope (the client words them), not only English in the message.
      expect(ErrorEnvelope.parse(refused.body).error.details).toEqual({ attemptsLeft: 4 });
      const again = await api(user, 'POST', '/api/cards/activate', { cardId, activationCode: wrong }, randomUUID());
      expect(again.body.error).toMatchObject({ code: 'INVALID_ACTIVATION_CODE', details: { attemptsLeft: 3 } });

      const accepted = await api(user, 'POST', '/api/cards/activate', { cardId, activationCode: code }, randomUUID());
      expect(accepted.status).toBe(200);
      expect(accepted.body.data).toMatchObject({ status: 'activating', allowedActions: [] });
      const active = await waitForCardStatus(t, user, cardId, 'active');
      expect(active).toMatchObject({ statusReason: null, allowedActions: ['freeze', 'topup', 'reveal', 'withdraw', 'close', 'block'], balance: { amount: 50_00 } });
    } finally {
      await worker.stop();
    }
    expect(await history(cardId)).toEqual(['pending', 'processing', 'fabricating', 'inactive', 'activating', 'active']);
  });
});

describe('refunds when the issue does not happen', () => {
  const issueAndSettle = async (mode: Record<string, string>, productId = 'prd_mastercard_virtual_usd', deposit = 10_00) => {
    const user = await newUser(t);
    await fundWallet(t.db, user.id, 150_00);
    const before = await systemBalances();
    await setIssuerMode(t, mode);
    const res = await createCard(t, user, { productId, initialDeposit: deposit });
    expect(res.status).toBe(200);
    expect(await walletBalance(t.db, user.id)).toBeLessThan(150_00);
    await drain();
    return { user, cardId: res.body.data.id as string, before };
  };

  const expectExactRefund = async (user: TestUser, cardId: string, before: Awaited<ReturnType<typeof systemBalances>>, code: string) => {
    expect(await walletBalance(t.db, user.id)).toBe(150_00);
    expect((await wallet(user))[0]).toMatchObject({ available: { amount: 150_00 }, held: { amount: 0 } });
    expect(await cardAccountBalance(t.db, cardId)).toBe(0);
    expect(await systemBalances()).toEqual(before);
    const txs = await walletTxs(user);
    expect(txs.find((tx) => tx.type === 'cardIssue')).toMatchObject({ status: 'failed', failureCode: code });
    expect(txs.find((tx) => tx.type === 'serviceCommission')).toMatchObject({ status: 'failed', failureCode: code });
    const cardTxs = await api(user, 'GET', `/api/cards/${cardId}/transactions`);
    expect(cardTxs.body.data.items).toEqual([expect.objectContaining({ type: 'issue', status: 'failed' })]);
  };

  it('issuer rejects → rejected with the reason, everything refunded exactly', async () => {
    const { user, cardId, before } = await issueAndSettle({ issue: 'reject' });
    expect(await getCard(t, user, cardId)).toMatchObject({ status: 'rejected', statusReason: 'ISSUER_DECLINED', allowedActions: [], balance: { amount: 0 } });
    await expectExactRefund(user, cardId, before, 'ISSUER_DECLINED');
    const refunds = await t.db.query<{ type: string; idempotency_key: string }>(
      `SELECT type, idempotency_key FROM ledger_transactions WHERE details->>'cardId' = $1 AND type = 'cardIssueRefund' ORDER BY idempotency_key`,
      [cardId],
    );
    expect(refunds).toEqual([
      { type: 'cardIssueRefund', idempotency_key: `card:${cardId}:issue-fee-refund` },
      { type: 'cardIssueRefund', idempotency_key: `card:${cardId}:issue-refund` },
    ]);
  });

  it('issuer fails technically → failed, refunded exactly', async () => {
    const { user, cardId, before } = await issueAndSettle({ issue: 'fail' }, 'prd_visa_physical_usd', 50_00);
    expect(await getCard(t, user, cardId)).toMatchObject({ status: 'failed', statusReason: 'ISSUER_TECHNICAL_FAILURE' });
    await expectExactRefund(user, cardId, before, 'ISSUER_TECHNICAL_FAILURE');
  });

  it('issuer unreachable → the job retries, gives up after max attempts, and the failure hook refunds', async () => {
    const { user, cardId, before } = await issueAndSettle({ issue: 'unavailable' });
    expect(await getCard(t, user, cardId)).toMatchObject({ status: 'failed', statusReason: 'ISSUER_UNAVAILABLE' });
    const [job] = await t.db.query<{ status: string; attempts: number; max_attempts: number; last_error: string }>(
      `SELECT status, attempts, max_attempts, last_error FROM jobs WHERE kind = 'cards.issue' AND payload->>'cardId' = $1`,
      [cardId],
    );
    expect(job).toMatchObject({ status: 'failed', attempts: 8, max_attempts: 8, last_error: expect.stringContaining('unavailable') });
    await expectExactRefund(user, cardId, before, 'ISSUER_UNAVAILABLE');
    // A late "issued" from the issuer changes nothing any more.
    await drain();
    expect((await getCard(t, user, cardId)).status).toBe('failed');
  });
});

describe('crash safety of the card jobs', () => {
  /** As if the worker running `jobId` died after its handler committed, before marking the job done. */
  const dieAfterCommit = (jobId: number) =>
    t.db.query(`UPDATE jobs SET status = 'running', locked_by = 'dead-process', locked_until = now() - interval '1 second' WHERE id = $1`, [jobId]);

  it('a worker that died mid-job: the job is redone once after its lease expires, and the money moves once', async () => {
    const user = await newUser(t);
    await fundWallet(t.db, user.id, 100_00);
    const res = await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
    const cardId = res.body.data.id as string;
    await drain();
    expect((await getCard(t, user, cardId)).status).toBe('active');
    const walletAfter = await walletBalance(t.db, user.id);
    const jobs = await t.db.query<{ id: number; kind: string }>(
      `SELECT id, kind FROM jobs WHERE payload->>'cardId' = $1 OR payload->>'cardRef' = $1 ORDER BY id`,
      [cardId],
    );
    expect(jobs.map((j) => j.kind)).toEqual(['cards.issue', 'cardIssuer.sandbox.step']);
    // Both the issue request and the issuer step (which settled the deposit onto the card) "died" after committing.
    for (const job of jobs) await dieAfterCommit(job.id);
    // Each is redone exactly once (its attempts); another user's delayed job falling due meanwhile is not counted.
    await drain();
    for (const job of jobs) {
      expect(await t.db.query('SELECT status, attempts FROM jobs WHERE id = $1', [job.id])).toEqual([{ status: 'done', attempts: 2 }]);
    }
    expect(await getCard(t, user, cardId)).toMatchObject({ status: 'active', balance: { amount: 20_00 } });
    expect(await walletBalance(t.db, user.id)).toBe(walletAfter);
    expect(await t.db.query(`SELECT id FROM ledger_transactions WHERE idempotency_key = $1`, [`card:${cardId}:issue-settle`])).toHaveLength(1);
    expect(await history(cardId)).toEqual(['pending', 'processing', 'active']);

    // The same for a top-up confirmation and for a refund after a failed top-up.
    for (const mode of ['ok', 'fail'] as const) {
      await setIssuerMode(t, { topup: mode });
      const before = await walletBalance(t.db, user.id);
      const topup = await api(user, 'POST', `/api/cards/${cardId}/topup`, { amount: 10_00 }, randomUUID());
      expect(topup.status).toBe(200);
      await drain();
      const [step] = await t.db.query<{ id: number }>(`SELECT id FROM jobs WHERE payload->>'topupRef' = $1`, [topup.body.data.transfer.id]);
      await dieAfterCommit(step!.id);
      await drain();
      expect(await t.db.query('SELECT status, attempts FROM jobs WHERE id = $1', [step!.id])).toEqual([{ status: 'done', attempts: 2 }]);
      expect(await walletBalance(t.db, user.id)).toBe(mode === 'ok' ? before - 10_15 : before);
    }
    expect((await getCard(t, user, cardId)).balance.amount).toBe(30_00);
  });
});

describe('issuer events', () => {
  it('are applied in any order and at most once (webhooks overtake each other and come twice)', async () => {
    const events = new IssuerEvents(t.db, t.clock, { debug() {}, info() {}, warn() {}, error() {} });
    const user = await newUser(t);
    await fundWallet(t.db, user.id, 200_00);
    const res = await createCard(t, user, { productId: 'prd_mastercard_physical_usd', initialDeposit: 50_00 });
    const cardId = res.body.data.id as string;
    // "shipped" arrives before "fabricating" (and before we heard the request was accepted).
    expect(await events.handle({ type: 'card.shipped', cardRef: cardId, last4: '4242' })).toEqual({ handled: true });
    expect(await events.handle({ type: 'card.fabricating', cardRef: cardId, last4: '4242' })).toEqual({ handled: true });
    expect(await events.handle({ type: 'card.shipped', cardRef: cardId, last4: '4242' })).toEqual({ handled: true });
    expect(await getCard(t, user, cardId)).toMatchObject({ status: 'inactive', last4: '4242', balance: { amount: 50_00 } });
    expect(await history(cardId)).toEqual(['pending', 'fabricating', 'inactive']);
    expect(await t.db.query(`SELECT id FROM ledger_transactions WHERE idempotency_key = $1`, [`card:${cardId}:issue-settle`])).toHaveLength(1);
    // A late rejection of a shipped card changes nothing; an event for an unknown card is not handled.
    await events.handle({ type: 'card.rejected', cardRef: cardId, reason: 'LATE' });
    expect((await getCard(t, user, cardId)).status).toBe('inactive');
    expect(await events.handle({ type: 'card.frozen', cardRef: 'crd_unknown' })).toEqual({ handled: false });
    await drain(); // the issue job finds the card already issued and asks the issuer nothing
    expect((await getCard(t, user, cardId)).status).toBe('inactive');
  });
});

describe('who may issue, and what', () => {
  it('refuses users under verification, and tells those whose verification failed to contact support', async () => {
    for (const [verification, status, code, message] of [
      ['under_verification', 403, 'ACCOUNT_UNDER_VERIFICATION', /under verification/],
      ['verification_failed', 403, 'ACCOUNT_VERIFICATION_FAILED', /^Account verification failed\. Please contact support to resolve this issue\.$/],
    ] as const) {
      const user = await newUser(t, { verification });
      await fundWallet(t.db, user.id, 100_00);
      const res = await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
      expect(res.status).toBe(status);
      expect(res.body.error).toMatchObject({ code, message: expect.stringMatching(message) });
      expect(await walletBalance(t.db, user.id)).toBe(100_00);
      expect((await api(user, 'GET', '/api/cards')).body.data.items).toEqual([]);
    }
  });

  it('insufficient funds → 422 with a clear message, and nothing is created', async () => {
    const user = await newUser(t);
    await fundWallet(t.db, user.id, 30_29); // one cent short of 30.30
    const jobsBefore = (await listJobs(t.db, { kind: 'cards.issue' })).length;
    const res = await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual({
      service: 'wallet',
      code: 'INSUFFICIENT_FUNDS',
      message:
        'Insufficient funds: issuing this card (issue cost $10.00 + initial deposit $20.00 + deposit fee $0.30) takes $30.30 from your USD wallet, which has $30.29. Top up your wallet and try again.',
    });
    expect(await walletBalance(t.db, user.id)).toBe(30_29);
    expect((await api(user, 'GET', '/api/cards')).body.data.items).toEqual([]);
    expect(await t.db.query('SELECT id FROM cards WHERE user_id = $1', [user.id])).toEqual([]);
    expect((await listJobs(t.db, { kind: 'cards.issue' })).length).toBe(jobsBefore);
    expect(await t.db.query(`SELECT id FROM ledger_accounts WHERE kind = 'card' AND user_id = $1`, [user.id])).toEqual([]);
  });

  it('checks the product and the deposit range', async () => {
    const user = await newUser(t);
    await fundWallet(t.db, user.id, 500_00);
    const unavailable = await createCard(t, user, { productId: 'prd_unionpay_physical_usd', initialDeposit: 50_00 });
    expect(unavailable.status).toBe(409);
    expect(unavailable.body.error.code).toBe('PRODUCT_UNAVAILABLE');
    for (const productId of ['prd_visa_virtual_usd_2023', 'prd_missing']) {
      const gone = await createCard(t, user, { productId, initialDeposit: 50_00 });
      expect(gone.status).toBe(404);
      expect(gone.body.error).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: expect.stringMatching(/^Product Not Found/) });
    }
    // prd_unionpay_virtual_usd: minimal deposit 20.00, range 20.00–3 000.00.
    for (const initialDeposit of [19_99, 3_000_01]) {
      const res = await createCard(t, user, { productId: 'prd_unionpay_virtual_usd', initialDeposit });
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({
        code: 'DEPOSIT_OUT_OF_RANGE',
        message: 'The initial deposit must be between $20.00 and $3,000.00.',
        fields: { initialDeposit: expect.any(String) },
      });
    }
    const invalid = await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 10.5 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('VALIDATION_ERROR');
    expect(await walletBalance(t.db, user.id)).toBe(500_00);
  });

  it('is idempotent: the same key answers the same card and charges once; another body with it is refused', async () => {
    const user = await newUser(t);
    await fundWallet(t.db, user.id, 100_00);
    const key = randomUUID();
    const first = await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 }, key);
    const again = await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 }, key);
    expect(again.status).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await walletBalance(t.db, user.id)).toBe(100_00 - 30_30);
    const reused = await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 25_00 }, key);
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const missing = await t.call({ method: 'POST', url: '/api/cards', payload: { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 }, headers: user.headers });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    await drain();
  });

  it('limits the cards one user holds (rejected cards do not count)', async () => {
    const user = await newUser(t);
    await fundWallet(t.db, user.id, 1_000_00);
    await setIssuerMode(t, { issue: 'reject' });
    expect((await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 10_00 })).status).toBe(200);
    await drain();
    await setIssuerMode(t, { issue: 'ok' });
    for (let i = 0; i < 5; i++) expect((await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 10_00 })).status).toBe(200);
    const sixth = await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 10_00 });
    expect(sixth.status).toBe(409);
    expect(sixth.body.error).toMatchObject({ code: 'CARD_LIMIT_REACHED', message: expect.stringContaining('5 cards') });
    await drain();
  });
});

describe('top-up', () => {
  it('moves amount + fee from the wallet; the card is credited when the issuer confirms', async () => {
    const { user, card } = await activeVirtualCard();
    const walletBefore = await walletBalance(t.db, user.id);
    const key = randomUUID();
    const res = await api(user, 'POST', `/api/cards/${card.id}/topup`, { amount: 30_00, currency: 'USD' }, key);
    expect(res.status).toBe(200);
    const result = TopUpResult.parse(res.body.data);
    // fee = ceil(30.00 × 1.5 %) = 0.45
    expect(result.transfer).toMatchObject({ amount: { amount: 30_00 }, fee: { amount: 45 }, total: { amount: 30_45 }, status: 'pending' });
    expect(result.card.balance.amount).toBe(20_00); // not yet on the card
    expect(await walletBalance(t.db, user.id)).toBe(walletBefore - 30_45);
    const replay = await api(user, 'POST', `/api/cards/${card.id}/topup`, { amount: 30_00, currency: 'USD' }, key);
    expect(replay.body.data.transfer.id).toBe(result.transfer.id);
    expect(await walletBalance(t.db, user.id)).toBe(walletBefore - 30_45);

    await drain();
    expect((await getCard(t, user, card.id)).balance.amount).toBe(50_00);
    const txs = await walletTxs(user);
    const transfer = txs.find((tx) => tx.type === 'cardTransfer');
    expect(transfer).toMatchObject({ status: 'completed', amount: { amount: 30_00 }, details: { cardId: card.id, cardLast4: card.last4, transferId: result.transfer.id } });
    expect(txs.find((tx) => tx.type === 'serviceCommission' && tx.details.reason === 'cardTopUp')).toMatchObject({
      status: 'completed',
      amount: { amount: 45 },
      details: { relatedTransactionId: transfer!.id, cardId: card.id },
    });
    const cardTxs = (await api(user, 'GET', `/api/cards/${card.id}/transactions?type=topup`)).body.data.items as CardTransaction[];
    expect(cardTxs).toEqual([expect.objectContaining({ type: 'topup', direction: 'credit', amount: { amount: 30_00, currency: 'USD' }, status: 'completed', walletTransactionId: transfer!.id })]);
  });

  it('8 parallel requests with one Idempotency-Key: one top-up, one charge, the same answer (key claimed in the top-up transaction)', async () => {
    const { user, card } = await activeVirtualCard();
    const walletBefore = await walletBalance(t.db, user.id);
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 8 }, () => api(user, 'POST', `/api/cards/${card.id}/topup`, { amount: 10_00 }, key)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    for (const r of results) expect(r.body.data).toEqual(results[0]!.body.data);
    expect(results.filter((r) => r.headers['idempotency-replayed'] !== 'true')).toHaveLength(1);
    expect(await walletBalance(t.db, user.id)).toBe(walletBefore - 10_15);
    expect(await t.db.query('SELECT id FROM card_topups WHERE card_id = $1', [card.id])).toHaveLength(1);
    const refusedKey = randomUUID();
    const refused = await api(user, 'POST', `/api/cards/${card.id}/topup`, { amount: 1 }, refusedKey);
    expect(refused.body.error.code).toBe('DEPOSIT_OUT_OF_RANGE');
    expect(await t.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [refusedKey])).toEqual([]); // a refusal leaves no claim
    await drain();
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });

  it('the issuer fails the top-up → amount and fee come back exactly', async () => {
    const { user, card } = await activeVirtualCard();
    const walletBefore = await walletBalance(t.db, user.id);
    const before = await systemBalances();
    await setIssuerMode(t, { topup: 'fail' });
    const res = await api(user, 'POST', `/api/cards/${card.id}/topup`, { amount: 100_00 }, randomUUID());
    expect(res.status).toBe(200);
    expect(await walletBalance(t.db, user.id)).toBe(walletBefore - 101_50);
    await drain();
    expect(await walletBalance(t.db, user.id)).toBe(walletBefore);
    expect(await systemBalances()).toEqual(before);
    expect((await getCard(t, user, card.id)).balance.amount).toBe(20_00);
    const txs = await walletTxs(user);
    expect(txs.find((tx) => tx.type === 'cardTransfer')).toMatchObject({ status: 'failed', failureCode: 'ISSUER_TECHNICAL_FAILURE' });
    const [topup] = await t.db.query('SELECT status, failure_code FROM card_topups WHERE card_id = $1', [card.id]);
    expect(topup).toEqual({ status: 'failed', failure_code: 'ISSUER_TECHNICAL_FAILURE' });
    expect(((await api(user, 'GET', `/api/cards/${card.id}/transactions?type=topup`)).body.data.items as CardTransaction[])[0]?.status).toBe('failed');
  });

  it('refuses what makes no sense, and moves nothing', async () => {
    const { user, card } = await activeVirtualCard(40_00);
    const walletBefore = await walletBalance(t.db, user.id); // 9.70
    const outOfRange = await api(user, 'POST', `/api/cards/${card.id}/topup`, { amount: 9_99 }, randomUUID());
    expect(outOfRange.status).toBe(422);
    expect(outOfRange.body.error).toMatchObject({ code: 'DEPOSIT_OUT_OF_RANGE', message: 'A top-up of this card must be between $10.00 and $10,000.00.' });
    const currency = await api(user, 'POST', `/api/cards/${card.id}/topup`, { amount: 10_00, currency: 'RUB' }, randomUUID());
    expect(currency.status).toBe(422);
    expect(currency.body.error.code).toBe('CURRENCY_MISMATCH');
    const poor = await api(user, 'POST', `/api/cards/${card.id}/topup`, { amount: 10_00 }, randomUUID());
    expect(poor.status).toBe(422);
    expect(poor.body.error).toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: expect.stringContaining('takes $10.15 from your USD wallet, which has $9.70') });
    expect(await t.db.query('SELECT id FROM card_topups WHERE card_id = $1', [card.id])).toEqual([]);

    await api(user, 'PATCH', `/api/cards/${card.id}/status`, { action: 'freeze' }, randomUUID());
    await drain();
    await fundWallet(t.db, user.id, 100_00);
    const frozen = await api(user, 'POST', `/api/cards/${card.id}/topup`, { amount: 10_00 }, randomUUID());
    expect(frozen.status).toBe(409);
    expect(frozen.body.error).toEqual({ service: 'cards', code: 'CARD_STATUS_CONFLICT', message: 'Cannot top up this card: it is frozen. Unfreeze it first.' });
    expect(await walletBalance(t.db, user.id)).toBe(walletBefore + 100_00);
  });

  it('refuses top-ups of cards still being issued', async () => {
    const user = await newUser(t);
    await fundWallet(t.db, user.id, 100_00);
    const created = await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
    const res = await api(user, 'POST', `/api/cards/${created.body.data.id}/topup`, { amount: 10_00 }, randomUUID());
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'CARD_STATUS_CONFLICT', message: 'Cannot top up this card: the card is still being issued.' });
    await drain();
  });
});

describe('freeze and unfreeze', () => {
  it('active → freezing → frozen → unfreezing → active, answering the transitional status', async () => {
    const { user, card } = await activeVirtualCard();
    const freezing = await api(user, 'PATCH', `/api/cards/${card.id}/status`, { action: 'freeze' }, randomUUID());
    expect(freezing.status).toBe(200);
    expect(freezing.body.data).toMatchObject({ status: 'freezing', allowedActions: [] });
    const repeat = await api(user, 'PATCH', `/api/cards/${card.id}/status`, { action: 'freeze' }, randomUUID());
    expect(repeat.body.data.status).toBe('freezing'); // the action already in progress: answered as is
    await drain();
    expect(await getCard(t, user, card.id)).toMatchObject({ status: 'frozen', allowedActions: ['unfreeze', 'reveal', 'withdraw', 'close', 'block'] });

    const again = await api(user, 'PATCH', `/api/cards/${card.id}/status`, { action: 'freeze' }, randomUUID());
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'CARD_STATUS_CONFLICT', message: 'Cannot freeze this card: it is already frozen.' });

    const unfreezing = await api(user, 'PATCH', `/api/cards/${card.id}/status`, { action: 'unfreeze' }, randomUUID());
    expect(unfreezing.body.data.status).toBe('unfreezing');
    await drain();
    expect((await getCard(t, user, card.id)).status).toBe('active');
    const notFrozen = await api(user, 'PATCH', `/api/cards/${card.id}/status`, { action: 'unfreeze' }, randomUUID());
    expect(notFrozen.status).toBe(409);
    expect(notFrozen.body.error.message).toBe('Cannot unfreeze this card: it is not frozen.');
    expect(await history(card.id)).toEqual(['pending', 'processing', 'active', 'freezing', 'frozen', 'unfreezing', 'active']);
    const bad = await api(user, 'PATCH', `/api/cards/${card.id}/status`, { action: 'block' }, randomUUID());
    expect(bad.status).toBe(400);
  });

  it('the issuer refusing a freeze puts the card back to active; an unreachable issuer is given up on', async () => {
    const { user, card } = await activeVirtualCard();
    await setIssuerMode(t, { freeze: 'reject' });
    await api(user, 'PATCH', `/api/cards/${card.id}/status`, { action: 'freeze' }, randomUUID());
    await drain();
    expect((await getCard(t, user, card.id)).status).toBe('active');
    await setIssuerMode(t, { freeze: 'unavailable' });
    await api(user, 'PATCH', `/api/cards/${card.id}/status`, { action: 'freeze' }, randomUUID());
    await drain();
    expect((await getCard(t, user, card.id)).status).toBe('active');
    expect(await history(card.id)).toEqual(['pending', 'processing', 'active', 'freezing', 'active', 'freezing', 'active']);
  });

  it('freezing is always allowed; unfreezing needs a verified account', async () => {
    const { user, card } = await activeVirtualCard();
    await t.call({ method: 'POST', url: '/api/dev/users/verification', payload: { email: user.email, status: 'verification_failed' } });
    expect((await api(user, 'PATCH', `/api/cards/${card.id}/status`, { action: 'freeze' }, randomUUID())).status).toBe(200);
    await drain();
    const unfreeze = await api(user, 'PATCH', `/api/cards/${card.id}/status`, { action: 'unfreeze' }, randomUUID());
    expect(unfreeze.status).toBe(403);
    expect(unfreeze.body.error.code).toBe('ACCOUNT_VERIFICATION_FAILED');
  });

  it('refuses freeze/unfreeze/activate in statuses where they make no sense', async () => {
    const user = await newUser(t);
    await fundWallet(t.db, user.id, 100_00);
    const created = await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
    const cardId = created.body.data.id as string;
    const cases: Array<[string, object, string]> = [
      [`/api/cards/${cardId}/status`, { action: 'freeze' }, 'Cannot freeze this card: the card is still being issued.'],
      [`/api/cards/${cardId}/status`, { action: 'unfreeze' }, 'Cannot unfreeze this card: the card is still being issued.'],
    ];
    for (const [url, body, message] of cases) {
      const res = await api(user, 'PATCH', url, body, randomUUID());
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ service: 'cards', code: 'CARD_STATUS_CONFLICT', message });
    }
    await drain();
    const activate = await api(user, 'POST', '/api/cards/activate', { cardId, activationCode: '123456' }, randomUUID());
    expect(activate.status).toBe(409);
    expect(activate.body.error.message).toMatch(/only physical cards need activation/);
  });
});

describe('activation', () => {
  it('locks after 5 wrong codes in a row, unlocks after 15 minutes', async () => {
    const { user, card } = await shippedPhysicalCard();
    const code = await activationCode(card.id, user);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let left = 4; left >= 1; left--) {
      const res = await api(user, 'POST', '/api/cards/activate', { cardId: card.id, activationCode: wrong }, randomUUID());
      expect(res.status).toBe(422);
      expect(res.body.error.message).toContain(`${left} ${left === 1 ? 'attempt' : 'attempts'} left`);
    }
    const fifth = await api(user, 'POST', '/api/cards/activate', { cardId: card.id, activationCode: wrong }, randomUUID());
    expect(fifth.status).toBe(429);
    expect(fifth.body.error.code).toBe('ACTIVATION_ATTEMPTS_EXCEEDED');
    expect(fifth.headers['retry-after']).toBe('900');
    const locked = await api(user, 'POST', '/api/cards/activate', { cardId: card.id, activationCode: code }, randomUUID());
    expect(locked.status).toBe(429);
    t.clock.advance(15 * 60 + 1);
    await refreshSession(user); // the access token lived 15 minutes too
    const ok = await api(user, 'POST', '/api/cards/activate', { cardId: card.id, activationCode: code }, randomUUID());
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe('activating');
    await drain();
    expect((await getCard(t, user, card.id)).status).toBe('active');
    const twice = await api(user, 'POST', '/api/cards/activate', { cardId: card.id, activationCode: code }, randomUUID());
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('Cannot activate this card: it is already active.');
  });

  it('an activation the issuer fails returns the card to inactive, and it can be tried again', async () => {
    const { user, card } = await shippedPhysicalCard();
    const code = await activationCode(card.id, user);
    await setIssuerMode(t, { activate: 'fail' });
    expect((await api(user, 'POST', '/api/cards/activate', { cardId: card.id, activationCode: code }, randomUUID())).status).toBe(200);
    await drain();
    expect(await getCard(t, user, card.id)).toMatchObject({ status: 'inactive', statusReason: 'ACTIVATION_FAILED', allowedActions: ['activate'] });
    await setIssuerMode(t, { activate: 'ok' });
    expect((await api(user, 'POST', '/api/cards/activate', { cardId: card.id, activationCode: code }, randomUUID())).status).toBe(200);
    await drain();
    expect((await getCard(t, user, card.id)).status).toBe('active');
  });

  it('needs a verified account and validates the code format', async () => {
    const { user, card } = await shippedPhysicalCard();
    const format = await api(user, 'POST', '/api/cards/activate', { cardId: card.id, activationCode: '12345' }, randomUUID());
    expect(format.status).toBe(400);
    expect(format.body.error.fields.activationCode).toBeTruthy();
    await t.call({ method: 'POST', url: '/api/dev/users/verification', payload: { email: user.email, status: 'under_verification' } });
    const gated = await api(user, 'POST', '/api/cards/activate', { cardId: card.id, activationCode: await activationCode(card.id, user) }, randomUUID());
    expect(gated.status).toBe(403);
    expect(gated.body.error.code).toBe('ACCOUNT_UNDER_VERIFICATION');
  });
});

describe('trades, card transactions, balance', () => {
  const trade = (cardId: string, kind: 'purchase' | 'refund', body: object) => {
    t.clock.advance(1); // the test clock stands still; newest-first needs distinct times
    return t.call({ method: 'POST', url: `/api/dev/cards/${cardId}/${kind}`, payload: body });
  };

  it('purchases and refunds move the card balance and show in trades and transactions', async () => {
    const { user, card } = await activeVirtualCard();
    const networkBefore = await system('card_network');
    const coffee = await trade(card.id, 'purchase', { amount: 12_34, merchant: 'BLUE BOTTLE COFFEE', mcc: '5814', country: 'US' });
    expect(coffee.status).toBe(200);
    expect(Trade.parse(coffee.body.data)).toMatchObject({ kind: 'purchase', status: 'completed', amount: { amount: 12_34, currency: 'USD' }, merchant: { name: 'BLUE BOTTLE COFFEE', mcc: '5814', country: 'US' }, declineReason: null });
    const abroad = await trade(card.id, 'purchase', { amount: 3_00, merchant: 'TOKYO METRO', originalAmount: { amount: 450, currency: 'JPY' } });
    expect(abroad.body.data.originalAmount).toEqual({ amount: 450, currency: 'JPY' });
    const refund = await trade(card.id, 'refund', { amount: 2_34, merchant: 'BLUE BOTTLE COFFEE' });
    expect(refund.body.data).toMatchObject({ kind: 'refund', status: 'completed' });
    expect((await getCard(t, user, card.id)).balance.amount).toBe(20_00 - 12_34 - 3_00 + 2_34);
    expect(await system('card_network')).toBe(networkBefore + 12_34 + 3_00 - 2_34);

    const tooMuch = await trade(card.id, 'refund', { amount: 13_01, merchant: 'X' });
    expect(tooMuch.status).toBe(422);
    const declined = await trade(card.id, 'purchase', { amount: 50_00, merchant: 'BIG TV STORE' });
    expect(declined.body.data).toMatchObject({ status: 'declined', declineReason: 'INSUFFICIENT_FUNDS' });
    expect((await getCard(t, user, card.id)).balance.amount).toBe(7_00);

    const balance = await api(user, 'GET', `/api/cards/${card.id}/balance`);
    expect(balance.body.data).toMatchObject({ cardId: card.id, available: { amount: 7_00, currency: 'USD' }, pending: { amount: 0, currency: 'USD' } });

    const trades = (await api(user, 'GET', `/api/cards/${card.id}/trades`)).body.data;
    expect(trades.items.map((x: Trade) => [x.kind, x.status, x.amount.amount])).toEqual([
      ['purchase', 'declined', 50_00],
      ['refund', 'completed', 2_34],
      ['purchase', 'completed', 3_00],
      ['purchase', 'completed', 12_34],
    ]);
    expect((await api(user, 'GET', `/api/cards/${card.id}/trades?kind=refund`)).body.data.items).toHaveLength(1);
    expect((await api(user, 'GET', `/api/cards/${card.id}/trades?status=declined`)).body.data.items).toHaveLength(1);

    const txs = (await api(user, 'GET', `/api/cards/${card.id}/transactions`)).body.data.items as CardTransaction[];
    expect(txs.map((x) => [x.type, x.direction, x.amount.amount, x.merchantName])).toEqual([
      ['refund', 'credit', 2_34, 'BLUE BOTTLE COFFEE'],
      ['purchase', 'debit', 3_00, 'TOKYO METRO'],
      ['purchase', 'debit', 12_34, 'BLUE BOTTLE COFFEE'],
      ['issue', 'credit', 20_00, null],
    ]);
    expect(txs[0]!.tradeId).toBe(refund.body.data.id);

    // Keyset pages: no item twice, none lost.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: CardTransaction[]; nextCursor: string | null } = (
        await api(user, 'GET', `/api/cards/${card.id}/transactions?limit=1${cursor ? `&cursor=${cursor}` : ''}`)
      ).body.data;
      seen.push(...page.items.map((x) => x.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(txs.map((x) => x.id));
  });

  it('declines purchases on frozen cards', async () => {
    const { card, user } = await activeVirtualCard();
    await api(user, 'PATCH', `/api/cards/${card.id}/status`, { action: 'freeze' }, randomUUID());
    await drain();
    const res = await trade(card.id, 'purchase', { amount: 1_00 });
    expect(res.body.data).toMatchObject({ status: 'declined', declineReason: 'CARD_FROZEN' });
    expect((await getCard(t, user, card.id)).balance.amount).toBe(20_00);
  });

  it('lists the user’s cards newest first, with filters and pages', async () => {
    const user = await newUser(t);
    await fundWallet(t.db, user.id, 300_00);
    const ids: string[] = [];
    for (const productId of ['prd_visa_virtual_usd', 'prd_mastercard_virtual_usd', 'prd_visa_physical_usd']) {
      const res = await createCard(t, user, { productId, initialDeposit: productId.includes('physical') ? 50_00 : 10_00 });
      ids.push(res.body.data.id);
      t.clock.advance(1);
    }
    await drain();
    const all = (await api(user, 'GET', '/api/cards')).body.data;
    expect(all.items.map((c: Card) => c.id)).toEqual([...ids].reverse());
    expect(all.nextCursor).toBeNull();
    const physical = (await api(user, 'GET', '/api/cards?form=physical')).body.data.items as Card[];
    expect(physical.map((c) => c.id)).toEqual([ids[2]]);
    expect((await api(user, 'GET', '/api/cards?status=active')).body.data.items).toHaveLength(2);
    const first = (await api(user, 'GET', '/api/cards?limit=2')).body.data;
    const second = (await api(user, 'GET', `/api/cards?limit=2&cursor=${first.nextCursor}`)).body.data;
    expect([...first.items, ...second.items].map((c: Card) => c.id)).toEqual([...ids].reverse());
    expect(second.nextCursor).toBeNull();
  });
});

describe('concurrency (real parallelism under test:server:pg)', () => {
  it('concurrent purchases never take the card below zero; concurrent top-ups never overdraw the wallet', async () => {
    const { user, card } = await activeVirtualCard(30_30 + 50_00);
    const purchases = await Promise.all(
      Array.from({ length: 10 }, () => t.call({ method: 'POST', url: `/api/dev/cards/${card.id}/purchase`, payload: { amount: 3_00, merchant: 'RACE SHOP' } })),
    );
    const statuses = purchases.map((r) => r.body.data.status);
    expect(statuses.filter((x) => x === 'completed')).toHaveLength(6);
    expect(statuses.filter((x) => x === 'declined')).toHaveLength(4);
    expect((await getCard(t, user, card.id)).balance.amount).toBe(2_00);

    // Wallet 50.00; each top-up takes 10.15: four fit.
    const topups = await Promise.all(
      Array.from({ length: 10 }, () => api(user, 'POST', `/api/cards/${card.id}/topup`, { amount: 10_00 }, randomUUID())),
    );
    expect(topups.filter((r) => r.status === 200)).toHaveLength(4);
    expect(topups.filter((r) => r.status === 422).every((r) => r.body.error.code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(topups.filter((r) => r.status === 422)).toHaveLength(6);
    expect(await walletBalance(t.db, user.id)).toBe(50_00 - 4 * 10_15);
    await drain();
    expect((await getCard(t, user, card.id)).balance.amount).toBe(42_00);
  });

  it('concurrent issue requests respect the per-user card limit', async () => {
    const user = await newUser(t);
    await fundWallet(t.db, user.id, 1_000_00);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 10_00 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error.code === 'CARD_LIMIT_REACHED')).toBe(true);
    expect(await walletBalance(t.db, user.id)).toBe(1_000_00 - 5 * 20_15);
    await drain();
  });
});

describe('access control', () => {
  it("another user's card is not found, whatever the call; nothing changes", async () => {
    const { user: owner, card } = await activeVirtualCard();
    const stranger = await newUser(t);
    await fundWallet(t.db, stranger.id, 100_00);
    const calls: Array<[ 'GET' | 'POST' | 'PATCH', string, object | undefined, boolean]> = [
      ['GET', `/api/cards/${card.id}`, undefined, false],
      ['GET', `/api/cards/${card.id}/balance`, undefined, false],
      ['GET', `/api/cards/${card.id}/trades`, undefined, false],
      ['GET', `/api/cards/${card.id}/transactions`, undefined, false],
      ['PATCH', `/api/cards/${card.id}/status`, { action: 'freeze' }, true],
      ['POST', `/api/cards/${card.id}/topup`, { amount: 10_00 }, true],
      ['POST', '/api/cards/activate', { cardId: card.id, activationCode: '123456' }, true],
    ];
    for (const [method, url, body, idempotent] of calls) {
      const res = await api(stranger, method, url, body, idempotent ? randomUUID() : undefined);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.error, `${method} ${url}`).toEqual({ service: 'cards', code: 'CARD_NOT_FOUND', message: 'No card with this id.' });
    }
    expect((await api(stranger, 'GET', '/api/cards')).body.data.items).toEqual([]);
    expect(await getCard(t, owner, card.id)).toMatchObject({ status: 'active', balance: { amount: 20_00 } });
    expect(await walletBalance(t.db, stranger.id)).toBe(100_00);
    const anonymous = await t.call({ method: 'GET', url: `/api/cards/${card.id}` });
    expect(anonymous.status).toBe(401);
  });
});

describe('referral hook', () => {
  it("enqueues 'referral.cardIssued' once per referred user, when the first card is issued", async () => {
    const referrer = await newUser(t);
    const { promoCode } = (await api(referrer, 'GET', '/api/users/me')).body.data;
    const referred = await newUser(t, { promoCode });
    await fundWallet(t.db, referred.id, 200_00);
    const first = await createCard(t, referred, { productId: 'prd_visa_virtual_usd', initialDeposit: 10_00 });
    expect(await listJobs(t.db, { kind: 'referral.cardIssued' }).then((jobs) => jobs.filter((j) => (j.payload as { userId: string }).userId === referred.id))).toEqual([]);
    await drain();
    await createCard(t, referred, { productId: 'prd_mastercard_virtual_usd', initialDeposit: 10_00 });
    await drain();
    const jobs = (await listJobs(t.db, { kind: 'referral.cardIssued' })).filter((j) => (j.payload as { userId: string }).userId === referred.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ payload: { userId: referred.id, cardId: first.body.data.id, referrerId: referrer.id }, dedupeKey: `referral.cardIssued:${referred.id}` });

    // Users who came without a promo code produce no referral job.
    const { user } = await activeVirtualCard();
    expect((await listJobs(t.db, { kind: 'referral.cardIssued' })).some((j) => (j.payload as { userId: string }).userId === user.id)).toBe(false);
  });
});

describe('a rolling deploy', () => {
  it('a sandbox top-up step queued by the previous release (no amount in it) loads what the program asked, once', async () => {
    const { user, card } = await activeVirtualCard();
    await setIssuerMode(t, { topup: 'ok', delayMs: 60_000 }); // the issuer's step waits: the previous release queued it
    const topup = await api(user, 'POST', `/api/cards/${card.id}/topup`, { amount: 10_00 }, randomUUID());
    expect(topup.status).toBe(200);
    await drain();
    // The previous release's step carried no amount nor currency.
    const stripped = await t.db.query(
      `UPDATE jobs SET payload = payload - 'amount' - 'currency', run_at = '2000-01-01T00:00:00Z'
       WHERE payload->>'topupRef' = $1 AND status = 'queued' RETURNING id`,
      [topup.body.data.transfer.id],
    );
    expect(stripped).toHaveLength(1);
    await drain();
    expect(await getCard(t, user, card.id)).toMatchObject({ balance: { amount: 30_00 } });
    const [row] = await t.db.query<{ status: string }>('SELECT status FROM card_topups WHERE id = $1', [topup.body.data.transfer.id]);
    expect(row?.status).toBe('completed');
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });
});
