/**
 * Transfers between users and payment requests (issue #36): finding a recipient, the transfer (one balanced ledger
 * transaction, exactly once, both histories), limits, frozen/deleted recipients, payment requests paid at most once,
 * and storms of concurrent transfers (real row locks on PostgreSQL under test:server:pg).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/modules/ledger';
import { renderNotification } from '../../server/modules/notifications/texts';
import { fundWallet, newUser, refreshSessionOf, spreadClientIps, useCardsApp, walletBalance, type TestUser } from './card-helpers';
import type { TestApp } from './harness';

let t: TestApp;
useCardsApp((app) => {
  t = app;
});

const profile = async (user: TestUser) => (await t.call({ method: 'GET', url: '/api/transfers/profile', headers: user.headers })).body.data;
const send = (user: TestUser, body: Record<string, unknown>, key: string = randomUUID()) =>
  t.call({ method: 'POST', url: '/api/transfers', headers: { ...user.headers, 'idempotency-key': key }, payload: body });
const find = (user: TestUser, body: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/transfers/recipient', headers: user.headers, payload: body });
const history = async (user: TestUser) => (await t.call({ method: 'GET', url: '/api/wallet/transactions', headers: user.headers })).body.data.items;
const setUsername = (user: TestUser, username: string) => t.db.query('UPDATE users SET telegram_username = $2 WHERE id = $1', [user.id, username]);
const usd = (amount: number) => ({ amount, currency: 'USD' });

describe('finding a recipient', () => {
  it('by @username (case-insensitive), by payment code; not when hidden; never oneself', async () => {
    const alice = await newUser(t);
    const bob = await newUser(t, { firstName: 'Boris', lastName: 'Petrov' });
    const name = `bob_${randomUUID().slice(0, 8)}`;
    await setUsername(bob, name);
    const byName = await find(alice, { username: `@${name.toUpperCase()}` });
    expect(byName.status).toBe(200);
    expect(byName.body.data).toEqual({ payCode: (await profile(bob)).payCode, name: 'Boris P.', username: name });
    const byCode = await find(alice, { payCode: (await profile(bob)).payCode });
    expect(byCode.body.data.name).toBe('Boris P.');
    expect(byCode.body.data.username).toBeNull();

    const hidden = await t.call({ method: 'PATCH', url: '/api/transfers/profile', headers: bob.headers, payload: { discoverable: false } });
    expect(hidden.body.data.discoverable).toBe(false);
    expect((await find(alice, { username: name })).body.error.code).toBe('RECIPIENT_NOT_FOUND');
    expect((await find(alice, { payCode: (await profile(bob)).payCode })).status).toBe(200); // the link still works
    expect((await find(alice, { payCode: (await profile(alice)).payCode })).body.error.code).toBe('SELF_TRANSFER');
  });

  it('refuses hostile input with 400 and counts every look-up against the hourly limit', async () => {
    const alice = await newUser(t);
    for (const body of [{ username: "x'; DROP TABLE users;--" }, { username: '@a' }, { username: 'ab\u0000cd' }, { payCode: '../../etc' }, {}, { username: 'abcde', payCode: 'abcdefghij' }]) {
      const res = await find(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    for (let i = 0; i < t.config.transfers.lookupsPerHour; i++) expect((await find(alice, { username: `nobody_${i}_x` })).status).toBe(404);
    expect((await find(alice, { username: 'nobody_more' })).body.error.code).toBe('LOOKUP_LIMIT_REACHED');
    t.clock.advance(3601);
    await refreshSessionOf(t, alice);
    expect((await find(alice, { username: 'nobody_more' })).status).toBe(404);
  });

  it('is for verified senders only', async () => {
    const pending = await newUser(t, { verification: 'under_verification' });
    expect((await find(pending, { username: 'somebody' })).body.error.code).toBe('ACCOUNT_UNDER_VERIFICATION');
  });
});

describe('sending money', () => {
  let alice: TestUser;
  let bob: TestUser;
  let bobCode: string;
  beforeAll(async () => {
    alice = await newUser(t, { firstName: 'Alice', lastName: 'Smith' });
    bob = await newUser(t, { firstName: 'Boris', lastName: 'Petrov' });
    bobCode = (await profile(bob)).payCode;
    await fundWallet(t.db, alice.id, 100_00);
  });

  it('moves the money once, in one ledger transaction both histories show', async () => {
    const key = randomUUID();
    const first = await send(alice, { payCode: bobCode, amount: usd(25_50), note: '  Lunch <b>🍕</b> ' }, key);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ direction: 'sent', counterpartyName: 'Boris P.', amount: usd(25_50), note: 'Lunch <b>🍕</b>', status: 'completed' });
    const replay = await send(alice, { payCode: bobCode, amount: usd(25_50), note: '  Lunch <b>🍕</b> ' }, key);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body.data).toEqual(first.body.data);
    expect((await send(alice, { payCode: bobCode, amount: usd(1_00) }, key)).body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await walletBalance(t.db, alice.id)).toBe(74_50);
    expect(await walletBalance(t.db, bob.id)).toBe(25_50);

    const txId = first.body.data.transactionId;
    const entries = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entries WHERE transaction_id = $1', [txId]);
    expect(entries[0]!.n).toBe(2);
    const aliceRow = (await history(alice)).find((row: any) => row.id === txId);
    const bobRow = (await history(bob)).find((row: any) => row.id === txId);
    expect(aliceRow).toMatchObject({ type: 'p2pTransfer', direction: 'debit', amount: usd(25_50), details: { counterpartyName: 'Boris P.', note: 'Lunch <b>🍕</b>' } });
    expect(bobRow).toMatchObject({ type: 'p2pTransfer', direction: 'credit', amount: usd(25_50), details: { counterpartyName: 'Alice S.' } });
    // The details sheet opens for both, for nobody else.
    expect((await t.call({ method: 'GET', url: `/api/wallet/transactions/${txId}`, headers: bob.headers })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/wallet/transactions/${txId}`, headers: alice.headers })).status).toBe(200);
    const carol = await newUser(t);
    expect((await t.call({ method: 'GET', url: `/api/wallet/transactions/${txId}`, headers: carol.headers })).status).toBe(404);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('refuses what it must, moving nothing', async () => {
    const before = await walletBalance(t.db, alice.id);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ payCode: bobCode, amount: usd(5) }, 422, 'AMOUNT_BELOW_MINIMUM'],
      [{ payCode: bobCode, amount: usd(t.config.transfers.limits.USD.maxPerTransfer + 1) }, 422, 'TRANSFER_LIMIT_EXCEEDED'],
      [{ payCode: bobCode, amount: usd(1_000_00) }, 422, 'INSUFFICIENT_FUNDS'],
      [{ payCode: bobCode, amount: { amount: 10_00, currency: 'RUB' } }, 422, 'INSUFFICIENT_FUNDS'],
      [{ payCode: (await profile(alice)).payCode, amount: usd(1_00) }, 422, 'SELF_TRANSFER'],
      [{ payCode: 'AAAAAAAAAA', amount: usd(1_00) }, 404, 'RECIPIENT_NOT_FOUND'],
      [{ payCode: bobCode, amount: usd(1_00), note: 'a\u202eb' }, 400, 'VALIDATION_ERROR'],
      [{ payCode: bobCode, amount: usd(1_00), note: 'x'.repeat(141) }, 400, 'VALIDATION_ERROR'],
      [{ payCode: bobCode, amount: usd(1_00), note: '   ' }, 400, 'VALIDATION_ERROR'],
      [{ payCode: bobCode, amount: usd(-1) }, 400, 'VALIDATION_ERROR'],
      [{ payCode: bobCode, amount: { amount: 100, currency: 'EUR' } }, 400, 'VALIDATION_ERROR'],
      [{ payCode: bobCode, amount: usd(1.5) }, 400, 'VALIDATION_ERROR'],
      [{ payCode: bobCode, amount: usd(1_00), extra: 1 }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [body, status, code] of cases) {
      const res = await send(alice, body);
      expect([res.status, res.body.error?.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await walletBalance(t.db, alice.id)).toBe(before);
    const pending = await newUser(t, { verification: 'under_verification' });
    expect((await send(pending, { payCode: bobCode, amount: usd(1_00) })).body.error.code).toBe('ACCOUNT_UNDER_VERIFICATION');
    expect((await send(alice, { payCode: bobCode, amount: usd(1_00) }, 'short')).body.error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it('holds the 24-hour limit across transfers, and lets it recover', async () => {
    const rich = await newUser(t);
    await fundWallet(t.db, rich.id, 20_000_00);
    const { maxPerTransfer, daily } = t.config.transfers.limits.USD;
    let sent = 0;
    while (sent + maxPerTransfer <= daily) {
      expect((await send(rich, { payCode: bobCode, amount: usd(maxPerTransfer) })).status).toBe(200);
      sent += maxPerTransfer;
    }
    const over = await send(rich, { payCode: bobCode, amount: usd(daily - sent + 1) });
    expect(over.body.error.code).toBe('TRANSFER_LIMIT_EXCEEDED');
    const limits = (await t.call({ method: 'GET', url: '/api/transfers/limits', headers: rich.headers })).body.data.limits;
    expect(limits[0]).toMatchObject({ currency: 'USD', sentLast24h: usd(sent), remaining: usd(daily - sent) });
    t.clock.advance(86_401);
    for (const user of [rich, alice, bob]) await refreshSessionOf(t, user);
    expect((await send(rich, { payCode: bobCode, amount: usd(maxPerTransfer) })).status).toBe(200);
  });

  it('never credits a deleted account', async () => {
    const gone = await newUser(t);
    const goneCode = (await profile(gone)).payCode;
    expect((await t.call({ method: 'POST', url: '/api/users/me/delete', headers: gone.headers, payload: { confirm: true } })).status).toBe(200);
    expect((await send(alice, { payCode: goneCode, amount: usd(1_00) })).body.error.code).toBe('RECIPIENT_NOT_FOUND');
  });

  it('a frozen account neither sends nor receives (docs/ops.md "Freezing an account"), and moves nothing', async () => {
    const cold = await newUser(t, { firstName: 'Cora', lastName: 'Frost' });
    const coldCode = (await profile(cold)).payCode;
    const name = `cora_${randomUUID().slice(0, 8)}`;
    await setUsername(cold, name);
    await fundWallet(t.db, cold.id, 10_00);
    const freeze = (frozen: boolean) =>
      t.db.query('UPDATE users SET frozen_at = $2, frozen_reason = $3 WHERE id = $1', [cold.id, frozen ? t.clock.now() : null, frozen ? 'compliance_review' : null]);
    await freeze(true);
    const before = [await walletBalance(t.db, alice.id), await walletBalance(t.db, cold.id)];
    expect((await find(alice, { username: name })).body.error.code).toBe('RECIPIENT_UNAVAILABLE');
    expect((await find(alice, { payCode: coldCode })).body.error.code).toBe('RECIPIENT_UNAVAILABLE');
    const toFrozen = await send(alice, { payCode: coldCode, amount: usd(1_00) });
    expect([toFrozen.status, toFrozen.body.error.code]).toEqual([409, 'RECIPIENT_UNAVAILABLE']);
    const fromFrozen = await send(cold, { payCode: bobCode, amount: usd(1_00) });
    expect([fromFrozen.status, fromFrozen.body.error.code, fromFrozen.body.error.details]).toEqual([403, 'ACCOUNT_FROZEN', { freezeReason: 'compliance_review' }]);
    expect([await walletBalance(t.db, alice.id), await walletBalance(t.db, cold.id)]).toEqual(before);
    await freeze(false);
    expect((await send(alice, { payCode: coldCode, amount: usd(1_00) })).status).toBe(200);
    expect((await send(cold, { payCode: bobCode, amount: usd(1_00) })).status).toBe(200);
  });

  it('tells the recipient through the bot', async () => {
    const linked = await newUser(t);
    await t.db.query('UPDATE users SET telegram_id = $2 WHERE id = $1', [linked.id, 700_000_000 + Math.floor(Math.random() * 1e6)]);
    const res = await send(alice, { payCode: (await profile(linked)).payCode, amount: usd(1_00), note: 'hi' });
    const rows = await t.db.query<{ kind: string; params: any }>('SELECT kind, params FROM bot_notifications WHERE user_id = $1', [linked.id]);
    expect(rows).toEqual([{ kind: 'transferReceived', params: { amount: usd(1_00), from: 'Alice S.', note: 'hi' } }]);
    expect(res.status).toBe(200);
  });

  it('lists the transfer in the activity centre of a recipient with no Telegram linked, in the words the bot uses', async () => {
    const plain = await newUser(t);
    expect((await send(alice, { payCode: (await profile(plain)).payCode, amount: usd(2_50), note: 'for lunch' })).status).toBe(200);
    const listed = await t.call({ method: 'GET', url: '/api/activity', headers: plain.headers });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data.items).toMatchObject([{ kind: 'transferReceived', amount: usd(2_50), from: 'Alice S.', note: 'for lunch', read: false }]);
    const app = { botUsername: 'wallet_bot', miniAppShortName: 'app' };
    expect(renderNotification('transferReceived', { amount: usd(2_50), from: 'Alice S.', note: 'for lunch' }, 'en', app).text).toBe('Alice S. sent you $2.50. “for lunch”');
    expect(renderNotification('transferReceived', { amount: usd(2_50), from: 'Alice S.', note: null }, 'en', app).text).toBe('Alice S. sent you $2.50.');
    expect(renderNotification('withdrawalFailed', { amount: usd(2_50), method: 'sbp' }, 'ru', app).text).toBe('Вывод 2,50\u00a0$ по СБП не прошёл. Деньги вернулись в кошелёк.');
  });
});

describe('payment requests', () => {
  it('is paid at most once, by exactly its amount, and the requester sees it paid', async () => {
    const requester = await newUser(t, { firstName: 'Rita', lastName: 'Ivanova' });
    const payer = await newUser(t, { firstName: 'Pavel', lastName: 'Orlov' });
    const other = await newUser(t);
    await fundWallet(t.db, payer.id, 50_000, 'RUB');
    await fundWallet(t.db, other.id, 50_000, 'RUB');
    const created = await t.call({ method: 'POST', url: '/api/payment-requests', headers: requester.headers, payload: { amount: { amount: 150_00, currency: 'RUB' }, note: 'Tickets' } });
    expect(created.status).toBe(200);
    const request = created.body.data;
    expect(request).toMatchObject({ status: 'open', mine: true, requester: { name: 'Rita I.' }, note: 'Tickets' });
    expect(request.link).toMatch(/startapp=req_/);
    const seen = (await t.call({ method: 'GET', url: `/api/payment-requests/${request.id}`, headers: payer.headers })).body.data;
    expect(seen).toMatchObject({ mine: false, requester: request.requester, paidBy: null });

    expect((await send(payer, { payCode: seen.requester.payCode, amount: { amount: 100_00, currency: 'RUB' }, requestId: request.id })).body.error.code).toBe(
      'PAYMENT_REQUEST_MISMATCH',
    );
    const results = await Promise.all(
      [payer, other, payer].map((who) => send(who, { payCode: seen.requester.payCode, amount: { amount: 150_00, currency: 'RUB' }, requestId: request.id })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    // The request's note names the payment (both histories show it).
    expect(results.find((r) => r.status === 200)!.body.data).toMatchObject({ requestId: request.id, note: 'Tickets' });
    expect(results.filter((r) => r.status !== 200).map((r) => r.body.error.code)).toEqual(['PAYMENT_REQUEST_CLOSED', 'PAYMENT_REQUEST_CLOSED']);
    expect(await walletBalance(t.db, requester.id, 'RUB')).toBe(150_00);
    const mine = (await t.call({ method: 'GET', url: '/api/payment-requests', headers: requester.headers })).body.data.items;
    expect(mine[0]).toMatchObject({ id: request.id, status: 'paid', paidBy: expect.stringMatching(/^(Pavel O\.|Ada L\.)$/) });
    expect((await t.call({ method: 'POST', url: `/api/payment-requests/${request.id}/cancel`, headers: requester.headers })).body.data.status).toBe('paid');
  });

  it('cannot be paid once cancelled or expired; share answers a link without a linked Telegram', async () => {
    const requester = await newUser(t);
    const payer = await newUser(t);
    await fundWallet(t.db, payer.id, 10_00);
    const make = async () =>
      (await t.call({ method: 'POST', url: '/api/payment-requests', headers: requester.headers, payload: { amount: usd(1_00) } })).body.data;
    const cancelled = await make();
    expect((await t.call({ method: 'POST', url: `/api/payment-requests/${cancelled.id}/cancel`, headers: payer.headers })).status).toBe(404);
    await t.call({ method: 'POST', url: `/api/payment-requests/${cancelled.id}/cancel`, headers: requester.headers });
    expect((await send(payer, { payCode: cancelled.requester.payCode, amount: usd(1_00), requestId: cancelled.id })).body.error.code).toBe('PAYMENT_REQUEST_CLOSED');
    const expiring = await make();
    const shared = await t.call({ method: 'POST', url: `/api/payment-requests/${expiring.id}/share`, headers: requester.headers });
    expect(shared.body.data).toEqual({ preparedMessageId: null, link: expiring.link });
    t.clock.advance(t.config.transfers.requestTtlSeconds + 1);
    await refreshSessionOf(t, payer);
    expect((await t.call({ method: 'GET', url: `/api/payment-requests/${expiring.id}`, headers: payer.headers })).body.data.status).toBe('expired');
    expect((await send(payer, { payCode: expiring.requester.payCode, amount: usd(1_00), requestId: expiring.id })).body.error.code).toBe('PAYMENT_REQUEST_CLOSED');
    expect((await t.call({ method: 'GET', url: '/api/payment-requests/prq_nope', headers: payer.headers })).body.error.code).toBe('PAYMENT_REQUEST_NOT_FOUND');
  });

  it('is shared as a prepared inline message for a requester with Telegram', async () => {
    const requester = await newUser(t);
    const telegramId = 710_000_000 + Math.floor(Math.random() * 1e6);
    await t.db.query('UPDATE users SET telegram_id = $2 WHERE id = $1', [requester.id, telegramId]);
    const request = (await t.call({ method: 'POST', url: '/api/payment-requests', headers: requester.headers, payload: { amount: usd(2_00), note: 'Coffee' } })).body.data;
    const shared = await t.call({ method: 'POST', url: `/api/payment-requests/${request.id}/share`, headers: requester.headers });
    const preparedMessageId: string = shared.body.data.preparedMessageId;
    expect(preparedMessageId).toEqual(expect.any(String));
    // Saved for the requester's Telegram account, with a button into the app on the request's confirm step.
    const [prepared] = await t.db.query<{ user_id: string; message: { title: string; text: string; button: { url: string } } }>(
      'SELECT user_id, message FROM sandbox_bot_prepared_messages WHERE id = $1',
      [preparedMessageId],
    );
    expect(Number(prepared!.user_id)).toBe(telegramId);
    expect(prepared!.message.text).toContain('Coffee');
    expect(prepared!.message.button.url).toBe(shared.body.data.link);
  });
});

describe('storms', () => {
  it('200 concurrent transfers in a ring of users: no money made or lost, none negative, the ledger at zero', async () => {
    spreadClientIps(t);
    const ring = await Promise.all(Array.from({ length: 8 }, () => newUser(t)));
    const codes = await Promise.all(ring.map(async (user) => (await profile(user)).payCode));
    for (const user of ring) await fundWallet(t.db, user.id, 30_00);
    const total = async () => (await Promise.all(ring.map((user) => walletBalance(t.db, user.id)))).reduce((a, b) => a + b, 0);
    const before = await total();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => send(ring[i % ring.length]!, { payCode: codes[(i * 3 + 1) % ring.length]!, amount: usd(1_00 + (i % 7) * 50) })),
    );
    for (const res of results) expect([200, 422], JSON.stringify(res.body)).toContain(res.status);
    for (const res of results.filter((r) => r.status === 422)) expect(res.body.error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await total()).toBe(before);
    const check = await checkLedger(t.db);
    expect(check).toMatchObject({ ok: true });
    for (const user of ring) expect(await walletBalance(t.db, user.id)).toBeGreaterThanOrEqual(0);
  });

  it('the 24-hour limit holds when one sender fires 30 transfers at once', async () => {
    const sender = await newUser(t);
    const receiver = await newUser(t);
    await fundWallet(t.db, sender.id, 50_000_00);
    const code = (await profile(receiver)).payCode;
    const { maxPerTransfer, daily } = t.config.transfers.limits.USD;
    const results = await Promise.all(Array.from({ length: 30 }, () => send(sender, { payCode: code, amount: usd(maxPerTransfer) })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(Math.floor(daily / maxPerTransfer));
    expect(await walletBalance(t.db, receiver.id)).toBe(Math.floor(daily / maxPerTransfer) * maxPerTransfer);
  });
});

describe('a contact shared through Telegram', () => {
  it('the bot offers the contact picker, and answers a picked contact with a button onto the confirm step', async () => {
    const { enqueueJob, runDueJobs, appJobRegistry } = await import('../../server/jobs');
    const sender = await newUser(t);
    const friend = await newUser(t, { firstName: 'Fyodor', lastName: 'Dostoevsky' });
    const senderTg = 720_000_000 + Math.floor(Math.random() * 1e6);
    const friendTg = senderTg + 1;
    await t.db.query('UPDATE users SET telegram_id = $2 WHERE id = $1', [sender.id, senderTg]);
    await t.db.query('UPDATE users SET telegram_id = $2 WHERE id = $1', [friend.id, friendTg]);
    const picker = await t.call({ method: 'POST', url: '/api/transfers/contact-picker', headers: sender.headers });
    expect(picker.body.data).toMatchObject({ sent: true, botUrl: expect.stringMatching(/^https:\/\/t\.me\//) });
    const outbox = async () => (await t.call({ method: 'GET', url: `/api/dev/bot-outbox?chatId=${senderTg}`, headers: { 'x-sandbox-token': t.config.sandboxToken } })).body.data.messages;
    for (const [telegramUserId, expected] of [
      [friendTg, { text: expect.stringContaining('Fyodor D.'), button: { url: expect.stringContaining(`startapp=pay_${(await profile(friend)).payCode}`) } }],
      [999_999_999_999, { text: expect.stringContaining('does not use the wallet'), button: null }],
    ] as const) {
      await enqueueJob(t.db, { kind: 'transfers.contactShared', payload: { chatId: senderTg, telegramUserId, language: 'en' } });
      await runDueJobs(t.db, { registry: appJobRegistry(t.app) });
      expect((await outbox())[0]).toMatchObject(expected);
    }
  });
});
