/**
 * Card lifecycle through the API (issue #14): close (balance back to the wallet in one ledger transaction, final,
 * archived), block for good with a reason and a replacement on the same product, withdraw to the wallet, and the
 * races between them and top-ups. Every test ends with the ledger audit (checkLedger) in afterEach.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { appJobRegistry, runDueJobs } from '../../server/jobs';
import { IssuerEvents } from '../../server/modules/cards/events';
import type { TestApp } from './harness';
import {
  cardAccountBalance,
  createCard,
  expectLedgerBalanced,
  fundWallet,
  getCard,
  newUser,
  setIssuerMode,
  useCardsApp,
  walletBalance,
  type TestUser,
} from './card-helpers';

let t: TestApp;
useCardsApp((app) => (t = app));
afterEach(async () => {
  await setIssuerMode(t, { issue: 'ok', topup: 'ok', close: 'ok', block: 'ok', delayMs: 0 });
  await expectLedgerBalanced(t.db);
});

const drain = () => runDueJobs(t.db, { registry: appJobRegistry(t.app), backoffBaseMs: 0 });
const api = (user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, key?: string) =>
  t.call({ method, url, ...(payload ? { payload } : {}), headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) } });
const cardMode = (cardId: string, modes: Record<string, string | null>) =>
  t.call({ method: 'POST', url: `/api/dev/cards/${cardId}/issuer-mode`, payload: modes });
const purchase = (cardId: string, amount: number) =>
  t.call({ method: 'POST', url: `/api/dev/cards/${cardId}/purchase`, payload: { amount, merchant: 'LIFECYCLE SHOP' } });
const list = async (user: TestUser, path: '/api/cards' | '/api/cards/archive') =>
  ((await api(user, 'GET', path)).body.data.items as Array<{ id: string; status: string }>).map((card) => card.id);
const walletTxs = async (user: TestUser) => (await api(user, 'GET', '/api/wallet/transactions?limit=100')).body.data.items as Array<Record<string, any>>;
const cardTxs = async (user: TestUser, cardId: string) => (await api(user, 'GET', `/api/cards/${cardId}/transactions`)).body.data.items as Array<Record<string, any>>;
/** How many ledger transactions of `type` moved money for this card. */
const ledgerCount = async (cardId: string, type = 'cardTransfer') =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transactions WHERE type = $1 AND details->>'cardId' = $2`, [type, cardId]))[0]!.n;
/** Ledger transactions that moved money back from this card (withdrawals and sweeps). */
const movedBack = async (cardId: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM card_withdrawals WHERE card_id = $1`, [cardId]))[0]!.n;

/** A verified user with 200.00 and an active virtual card holding 20.00 (prd_visa_virtual_usd). */
const activeCard = async (funds = 200_00) => {
  const user = await newUser(t);
  await fundWallet(t.db, user.id, funds);
  const created = await createCard(t, user, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
  expect(created.status).toBe(200);
  await drain();
  const card = await getCard(t, user, created.body.data.id);
  expect(card).toMatchObject({ status: 'active', balance: { amount: 20_00 } });
  return { user, card, wallet: await walletBalance(t.db, user.id) };
};

describe('close a card', () => {
  it('closing → closed; the balance returns to the wallet in ONE ledger transaction; final; leaves the list for the archive', async () => {
    const { user, card, wallet } = await activeCard();
    expect((await purchase(card.id, 7_00)).body.data.status).toBe('completed');
    expect(card.allowedActions).toEqual(expect.arrayContaining(['withdraw', 'close', 'block']));

    const key = randomUUID();
    const first = await api(user, 'POST', `/api/cards/${card.id}/close`, undefined, key);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'closing', allowedActions: [], balance: { amount: 13_00 } });
    const replay = await api(user, 'POST', `/api/cards/${card.id}/close`, undefined, key);
    expect(replay.body).toEqual(first.body);
    // Until the issuer confirms: nothing moved yet, and the card no longer pays.
    expect(await walletBalance(t.db, user.id)).toBe(wallet);
    expect((await purchase(card.id, 1_00)).body.data).toMatchObject({ status: 'declined', declineReason: 'CARD_INACTIVE' });

    await drain();
    const closed = await getCard(t, user, card.id);
    expect(closed).toMatchObject({ status: 'closed', statusReason: null, allowedActions: [], balance: { amount: 0 } });
    expect(await cardAccountBalance(t.db, card.id)).toBe(0);
    expect(await walletBalance(t.db, user.id)).toBe(wallet + 13_00);
    expect(await ledgerCount(card.id)).toBe(1 + 0); // one cardTransfer: the sweep (the issue was a cardIssue)
    const back = (await walletTxs(user)).filter((tx) => tx.type === 'cardTransfer' && tx.details.cardId === card.id);
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ direction: 'credit', amount: { amount: 13_00, currency: 'USD' }, status: 'completed' });
    expect((await cardTxs(user, card.id)).filter((tx) => tx.type === 'withdrawal')).toHaveLength(1);
    expect((await cardTxs(user, card.id)).find((tx) => tx.type === 'withdrawal')).toMatchObject({ type: 'withdrawal', direction: 'debit', amount: { amount: 13_00 }, status: 'completed' });

    expect(await list(user, '/api/cards')).not.toContain(card.id);
    expect(await list(user, '/api/cards/archive')).toEqual([card.id]);

    // Terminal: every action is refused, and nothing moves.
    for (const [method, url, body] of [
      ['POST', `/api/cards/${card.id}/topup`, { amount: 10_00 }],
      ['POST', `/api/cards/${card.id}/withdraw`, { amount: 1_00 }],
      ['POST', `/api/cards/${card.id}/block`, { reason: 'lost' }],
      ['POST', `/api/cards/${card.id}/replace`, undefined],
      ['PATCH', `/api/cards/${card.id}/status`, { action: 'freeze' }],
    ] as const) {
      const res = await api(user, method, url, body, randomUUID());
      expect(res.status, url).toBe(409);
      expect(res.body.error.code, url).toBe('CARD_STATUS_CONFLICT');
    }
    // Closing again is answered with the closed card; a late "card.frozen" from the issuer changes nothing.
    expect((await api(user, 'POST', `/api/cards/${card.id}/close`, undefined, randomUUID())).body.data.status).toBe('closed');
    expect(await walletBalance(t.db, user.id)).toBe(wallet + 13_00);
    expect(await movedBack(card.id)).toBe(1);
  });

  it('an empty card closes without a ledger transaction; a frozen card can be closed', async () => {
    const { user, card, wallet } = await activeCard();
    expect((await purchase(card.id, 20_00)).body.data.status).toBe('completed');
    await api(user, 'PATCH', `/api/cards/${card.id}/status`, { action: 'freeze' }, randomUUID());
    await drain();
    expect((await getCard(t, user, card.id)).allowedActions).toEqual(expect.arrayContaining(['close', 'block', 'withdraw']));
    expect((await api(user, 'POST', `/api/cards/${card.id}/close`, undefined, randomUUID())).status).toBe(200);
    await drain();
    expect(await getCard(t, user, card.id)).toMatchObject({ status: 'closed', balance: { amount: 0 } });
    expect(await ledgerCount(card.id)).toBe(0);
    expect(await walletBalance(t.db, user.id)).toBe(wallet);
  });

  it('the issuer refuses to close: the card stays frozen (CLOSE_FAILED), the money stays; closing again works', async () => {
    const { user, card, wallet } = await activeCard();
    await cardMode(card.id, { close: 'reject' });
    await api(user, 'POST', `/api/cards/${card.id}/close`, undefined, randomUUID());
    await drain();
    const refused = await getCard(t, user, card.id);
    expect(refused).toMatchObject({ status: 'frozen', statusReason: 'CLOSE_FAILED', balance: { amount: 20_00 } });
    expect(await walletBalance(t.db, user.id)).toBe(wallet);
    await cardMode(card.id, { close: null });
    await api(user, 'POST', `/api/cards/${card.id}/close`, undefined, randomUUID());
    await drain();
    expect(await getCard(t, user, card.id)).toMatchObject({ status: 'closed', balance: { amount: 0 } });
    expect(await walletBalance(t.db, user.id)).toBe(wallet + 20_00);
  });

  it('an issuer that never answers: the job gives up and the card lands frozen with CLOSE_FAILED', async () => {
    const { user, card } = await activeCard();
    await cardMode(card.id, { close: 'unavailable' });
    await api(user, 'POST', `/api/cards/${card.id}/close`, undefined, randomUUID());
    for (let i = 0; i < 12; i += 1) await drain();
    expect(await getCard(t, user, card.id)).toMatchObject({ status: 'frozen', statusReason: 'CLOSE_FAILED', balance: { amount: 20_00 } });
  });
});

describe('block for good and replace', () => {
  it('blocked as stolen: reason kept, balance back in the wallet, then one free replacement on the same product, linked both ways', async () => {
    const { user, card, wallet } = await activeCard();
    const blocking = await api(user, 'POST', `/api/cards/${card.id}/block`, { reason: 'stolen' }, randomUUID());
    expect(blocking.status).toBe(200);
    expect(blocking.body.data).toMatchObject({ status: 'blocking', statusReason: 'STOLEN', allowedActions: [] });
    await drain();
    const blocked = await getCard(t, user, card.id);
    expect(blocked).toMatchObject({ status: 'blocked', statusReason: 'STOLEN', allowedActions: ['replace'], balance: { amount: 0 } });
    expect(await walletBalance(t.db, user.id)).toBe(wallet + 20_00);
    expect(await list(user, '/api/cards/archive')).toEqual([card.id]);

    const key = randomUUID();
    const replacement = await api(user, 'POST', `/api/cards/${card.id}/replace`, undefined, key);
    expect(replacement.status).toBe(200);
    expect(replacement.body.data).toMatchObject({ status: 'pending', productId: 'prd_visa_virtual_usd', replacesCardId: card.id, balance: { amount: 0 } });
    const again = await api(user, 'POST', `/api/cards/${card.id}/replace`, undefined, key);
    expect(again.body).toEqual(replacement.body);
    const other = await api(user, 'POST', `/api/cards/${card.id}/replace`, undefined, randomUUID());
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('CARD_ALREADY_REPLACED');
    expect(await walletBalance(t.db, user.id)).toBe(wallet + 20_00); // free

    await drain();
    const fresh = await getCard(t, user, replacement.body.data.id);
    expect(fresh).toMatchObject({ status: 'active', balance: { amount: 0 } });
    expect((await api(user, 'GET', `/api/cards/${card.id}`)).body.data).toMatchObject({ replacedByCardId: fresh.id, allowedActions: [] });
    expect(await list(user, '/api/cards')).toEqual([fresh.id]);
    // The replacement is a card like any other: top it up.
    expect((await api(user, 'POST', `/api/cards/${fresh.id}/topup`, { amount: 10_00 }, randomUUID())).status).toBe(200);
    await drain();
    expect((await getCard(t, user, fresh.id)).balance.amount).toBe(10_00);
  });

  it('a blocked card is announced once in the owner\'s Telegram chat (bot notification), a redelivered event adds nothing', async () => {
    const { user, card } = await activeCard();
    await t.db.query('UPDATE users SET telegram_id = $2 WHERE id = $1', [user.id, 880_000_000 + Math.floor(Math.random() * 1_000_000)]);
    await api(user, 'POST', `/api/cards/${card.id}/block`, { reason: 'lost' }, randomUUID());
    await drain();
    const events = new IssuerEvents(t.db, t.clock, { debug() {}, info() {}, warn() {}, error() {} });
    await events.handle({ type: 'card.blocked', cardRef: card.id });
    const rows = await t.db.query<{ kind: string }>("SELECT kind FROM bot_notifications WHERE user_id = $1 AND kind = 'cardBlocked'", [user.id]);
    expect(rows).toHaveLength(1);
  });

  it('only a blocked card can be replaced; a block the issuer refuses leaves the card frozen (BLOCK_FAILED)', async () => {
    const { user, card, wallet } = await activeCard();
    const early = await api(user, 'POST', `/api/cards/${card.id}/replace`, undefined, randomUUID());
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('CARD_STATUS_CONFLICT');
    await cardMode(card.id, { block: 'fail' });
    await api(user, 'POST', `/api/cards/${card.id}/block`, { reason: 'lost' }, randomUUID());
    await drain();
    expect(await getCard(t, user, card.id)).toMatchObject({ status: 'frozen', statusReason: 'BLOCK_FAILED', balance: { amount: 20_00 } });
    expect(await walletBalance(t.db, user.id)).toBe(wallet);
  });

  it.each(['lost', 'damaged', 'suspected_fraud'] as const)('block reason %s is kept as the status reason', async (reason) => {
    const { user, card } = await activeCard();
    await api(user, 'POST', `/api/cards/${card.id}/block`, { reason }, randomUUID());
    await drain();
    expect(await getCard(t, user, card.id)).toMatchObject({ status: 'blocked', statusReason: reason.toUpperCase() });
  });
});

describe('withdraw to the wallet', () => {
  it('moves the amount in one ledger transaction; the same key replays without moving money again', async () => {
    const { user, card, wallet } = await activeCard();
    const key = randomUUID();
    const first = await api(user, 'POST', `/api/cards/${card.id}/withdraw`, { amount: 5_50 }, key);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ card: { balance: { amount: 14_50 } }, withdrawal: { amount: { amount: 5_50, currency: 'USD' }, status: 'completed' } });
    const replay = await api(user, 'POST', `/api/cards/${card.id}/withdraw`, { amount: 5_50 }, key);
    expect(replay.body).toEqual(first.body);
    expect(await walletBalance(t.db, user.id)).toBe(wallet + 5_50);
    expect(await cardAccountBalance(t.db, card.id)).toBe(14_50);
    expect(await ledgerCount(card.id)).toBe(1);
    const row = (await walletTxs(user)).find((tx) => tx.details?.transferId === first.body.data.withdrawal.id);
    expect(row).toMatchObject({ type: 'cardTransfer', direction: 'credit', amount: { amount: 5_50 } });
  });

  it('refuses more than the card holds (nothing moves), allows all of it, and works on a frozen card', async () => {
    const { user, card, wallet } = await activeCard();
    const tooMuch = await api(user, 'POST', `/api/cards/${card.id}/withdraw`, { amount: 20_01 }, randomUUID());
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error).toMatchObject({ service: 'cards', code: 'CARD_BALANCE_EXCEEDED' });
    expect(tooMuch.body.error.fields.amount).toContain('$20.00');
    expect(await walletBalance(t.db, user.id)).toBe(wallet);
    await api(user, 'PATCH', `/api/cards/${card.id}/status`, { action: 'freeze' }, randomUUID());
    await drain();
    const all = await api(user, 'POST', `/api/cards/${card.id}/withdraw`, { amount: 20_00 }, randomUUID());
    expect(all.status).toBe(200);
    expect(await cardAccountBalance(t.db, card.id)).toBe(0);
    expect(await walletBalance(t.db, user.id)).toBe(wallet + 20_00);
    const empty = await api(user, 'POST', `/api/cards/${card.id}/withdraw`, { amount: 1 }, randomUUID());
    expect(empty.body.error.code).toBe('CARD_BALANCE_EXCEEDED');
  });

  it('needs a verified account and a key; a stranger gets "not found"', async () => {
    const { user, card } = await activeCard();
    const noKey = await api(user, 'POST', `/api/cards/${card.id}/withdraw`, { amount: 1_00 });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    await t.call({ method: 'POST', url: '/api/dev/users/verification', payload: { email: user.email, status: 'verification_failed' } });
    const blocked = await api(user, 'POST', `/api/cards/${card.id}/withdraw`, { amount: 1_00 }, randomUUID());
    expect(blocked.status).toBe(403);
    const stranger = await newUser(t);
    const foreign = await api(stranger, 'POST', `/api/cards/${card.id}/withdraw`, { amount: 1_00 }, randomUUID());
    expect(foreign.status).toBe(404);
    expect(await cardAccountBalance(t.db, card.id)).toBe(20_00);
  });
});

describe('races (real parallelism under test:server:pg)', () => {
  it('close while withdrawals and top-ups race: the card never goes below zero and every cent moves once', async () => {
    const { user, card, wallet } = await activeCard();
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => api(user, 'POST', `/api/cards/${card.id}/withdraw`, { amount: 5_00 }, randomUUID())),
      ...Array.from({ length: 3 }, () => api(user, 'POST', `/api/cards/${card.id}/topup`, { amount: 10_00 }, randomUUID())),
      api(user, 'POST', `/api/cards/${card.id}/close`, undefined, randomUUID()),
      api(user, 'POST', `/api/cards/${card.id}/close`, undefined, randomUUID()),
    ]);
    for (const res of results) expect([200, 409, 422]).toContain(res.status);
    const withdrawn = results.slice(0, 6).filter((r) => r.status === 200).length * 5_00;
    const toppedUp = results.slice(6, 9).filter((r) => r.status === 200).length;
    expect(withdrawn).toBeLessThanOrEqual(20_00 + toppedUp * 10_00);
    expect(await cardAccountBalance(t.db, card.id)).toBeGreaterThanOrEqual(0);
    await drain();
    expect(await getCard(t, user, card.id)).toMatchObject({ status: 'closed', balance: { amount: 0 } });
    expect(await cardAccountBalance(t.db, card.id)).toBe(0);
    // Everything came back to the wallet except the top-up fees (0.15 each).
    expect(await walletBalance(t.db, user.id)).toBe(wallet + 20_00 - toppedUp * 15);
  });

  it('a top-up accepted before a block and loaded after it follows the balance to the wallet (once)', async () => {
    const { user, card, wallet } = await activeCard();
    const topup = await api(user, 'POST', `/api/cards/${card.id}/topup`, { amount: 10_00 }, randomUUID());
    expect(topup.status).toBe(200);
    expect((await api(user, 'POST', `/api/cards/${card.id}/block`, { reason: 'stolen' }, randomUUID())).status).toBe(200);
    // The issuer's events in the awkward order: the block is confirmed first, the top-up loaded after it.
    const events = new IssuerEvents(t.db, t.clock, { debug() {}, info() {}, warn() {}, error() {} });
    await events.handle({ type: 'card.blocked', cardRef: card.id });
    expect(await getCard(t, user, card.id)).toMatchObject({ status: 'blocked', balance: { amount: 0 } });
    expect(await walletBalance(t.db, user.id)).toBe(wallet - 10_15 + 20_00);
    const loaded = { type: 'topup.completed', cardRef: card.id, topupRef: topup.body.data.transfer.id, amount: 10_00, currency: 'USD' } as const;
    await events.handle(loaded);
    await events.handle(loaded); // delivered again
    expect(await getCard(t, user, card.id)).toMatchObject({ status: 'blocked', balance: { amount: 0 } });
    expect(await walletBalance(t.db, user.id)).toBe(wallet - 15 + 20_00);
    await drain(); // the real jobs and the sandbox's own deliveries change nothing more
    expect(await walletBalance(t.db, user.id)).toBe(wallet - 15 + 20_00);
    expect(await movedBack(card.id)).toBe(2);
  });
});
