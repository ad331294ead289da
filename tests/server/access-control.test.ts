/**
 * Access control across the whole contract (GitHub issue #7 "Hostile input"): for every call that takes an id,
 * another user's id is refused exactly like an unknown id and the answer reveals nothing of the owner's
 * (no card number digits, no amounts, no ids beyond the one sent); no balance anywhere changes.
 * The list of calls is derived from the `endpoints` registry, so a new id-taking endpoint without a case fails here.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointId } from '@/shared/contract';
import { appJobRegistry, runDueJobs } from '../../server/jobs';
import { checkLedger } from '../../server/modules/ledger';
import { createTestApp, type TestApp } from './harness';
import { browserKeyPair, decrypt } from './sensitive-keys';
import { createCard, getCard, setIssuerMode, spreadClientIps } from './card-helpers';
import { balances, createSbp, depositUsdt, runJobs, verifiedUser, type TestUser } from './wallet-support';

let t: TestApp;
let a: TestUser;
let b: TestUser;
/** What A owns and B must never see. */
const owned = { cardId: '', physicalCardId: '', paymentId: '', last4: '', pan: '', amounts: [] as number[], walletTransactionId: '', cardTransactionId: '', tradeId: '', requestId: '', addressId: '', withdrawalId: '' };

const drain = () => runDueJobs(t.db, { registry: appJobRegistry(t.app), backoffBaseMs: 0 });
const api = (user: TestUser | null, method: string, url: string, payload?: unknown, idempotent = false) =>
  t.call({
    method: method as 'GET',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...(user?.headers ?? {}), ...(idempotent ? { 'idempotency-key': randomUUID() } : {}) },
  });

/** Every ledger account's balance and the number of ledger transactions: a refused call changes none of it. */
const ledgerSnapshot = async () => ({
  accounts: await t.db.query<{ id: string; balance: string }>('SELECT id, balance::text AS balance FROM ledger_accounts ORDER BY id'),
  transactions: (await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM ledger_transactions'))[0]!.n,
});

beforeAll(async () => {
  t = await createTestApp();
  spreadClientIps(t);
  await setIssuerMode(t, { delayMs: 0 });
  await t.call({ method: 'POST', url: '/api/dev/sbp/settings', payload: { callbackDelayMs: 0, failCreate: false, dropCallbacks: false } });
  // Two users registered through the dev mailbox, verified, funded through the sandbox TRON chain.
  a = await verifiedUser(t);
  b = await verifiedUser(t);
  await depositUsdt(t, a, 300);
  await depositUsdt(t, b, 300);

  // A: an active virtual card with trades, a shipped physical card, a paid SBP payment.
  const virtual = await createCard(t, { ...a, id: a.userId }, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
  expect(virtual.status).toBe(200);
  const physical = await createCard(t, { ...a, id: a.userId }, { productId: 'prd_visa_physical_usd', initialDeposit: 50_00 });
  expect(physical.status).toBe(200);
  await drain();
  owned.cardId = virtual.body.data.id;
  owned.physicalCardId = physical.body.data.id;
  const card = await getCard(t, { ...a, id: a.userId }, owned.cardId);
  expect(card.status).toBe('active');
  expect((await getCard(t, { ...a, id: a.userId }, owned.physicalCardId)).status).toBe('inactive');
  owned.last4 = card.last4!;
  t.clock.advance(1);
  expect((await t.call({ method: 'POST', url: `/api/dev/cards/${owned.cardId}/purchase`, payload: { amount: 7_77, merchant: 'SECRET SHOP' } })).status).toBe(200);

  const key = await browserKeyPair();
  const revealed = await api(a, 'POST', '/api/cards/sensitive', { cardId: owned.cardId, publicKey: key.publicJwk });
  expect(revealed.status).toBe(200);
  owned.pan = (await decrypt(key.pair.privateKey, revealed.body.data, owned.cardId)).pan;

  const sbp = await createSbp(t, a, { amount: 123_456 });
  expect(sbp.status).toBe(200);
  owned.paymentId = sbp.body.data.paymentId;
  const pay = await t.app.inject({
    method: 'POST',
    url: `${new URL(sbp.body.data.paymentUrl).pathname}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(pay.statusCode).toBe(303);
  await runJobs(t);
  expect((await api(a, 'GET', `/api/wallet/sbp/${owned.paymentId}`)).body.data.status).toBe('succeeded');
  owned.amounts = [20_00, 50_00, 7_77, 20_00 - 7_77, 123_456];
  // Transaction details (issue #14): A's SBP credit in the wallet history and the purchase on A's card.
  const sbpRow = (await api(a, 'GET', '/api/wallet/transactions?type=sbpTopup')).body.data.items[0];
  expect(sbpRow.details.paymentId).toBe(owned.paymentId);
  owned.walletTransactionId = sbpRow.id;
  owned.cardTransactionId = (await api(a, 'GET', `/api/cards/${owned.cardId}/transactions?type=purchase`)).body.data.items[0].id;
  owned.tradeId = (await api(a, 'GET', `/api/cards/${owned.cardId}/trades`)).body.data.items[0].id;
  owned.addressId = (await api(a, 'POST', '/api/withdrawals/addresses', { address: 'TGgd7pXdZALo9GyT4pmF2tT6JRf7ETWVcL', label: 'SECRET LABEL' })).body.data.id;
  owned.withdrawalId = (
    await t.db.query<{ id: string }>(
      `INSERT INTO withdrawals (id, user_id, method, status, amount, fee, currency, destination, transaction_id, request_key, created_at, updated_at)
       SELECT 'wdr_owned_by_a', $1, 'usdt', 'rejected', 1, 0, 'USD', '{"kind":"tron","address":"TGgd7pXdZALo9GyT4pmF2tT6JRf7ETWVcL","label":"x","addressId":"x"}', id, 'k', now(), now()
       FROM ledger_transactions WHERE user_id = $1 LIMIT 1 RETURNING id`,
      [a.userId],
    )
  )[0]!.id;
  owned.requestId = (await api(a, 'POST', '/api/payment-requests', { amount: { amount: 9_87, currency: 'USD' }, note: 'SECRET NOTE' })).body.data.id;
  expect(await checkLedger(t.db)).toMatchObject({ ok: true });
});
afterAll(() => t?.close());

// ── Which endpoints take an id (from the registry) ────────────────────────────────────────────────────

type Shape = Record<string, unknown>;
const shapeOf = (schema: unknown): Shape => ((schema as { shape?: Shape } | undefined)?.shape ?? {});
/** Path parameters and body fields that carry an id (`id`, `card_id`, `cardId`, `paymentId`, `quoteId`, ...). */
const idFields = (id: EndpointId): string[] => {
  const def = endpoints[id] as { params?: unknown; body?: unknown };
  const isId = (k: string) => /(^id$|_id$|Id$)/.test(k);
  return [...Object.keys(shapeOf(def.params)).filter(isId).map((k) => `params.${k}`), ...Object.keys(shapeOf(def.body)).filter(isId).map((k) => `body.${k}`)];
};

interface OwnedCase {
  kind: 'owned';
  /** The call B makes with A's id (and the same call with an id nobody has). */
  request: (id: string) => { method: string; url: string; payload?: unknown; idempotent?: boolean };
  ownedId: () => string;
  notFound: { status: number; code: string; service: string };
}
interface SharedCase {
  kind: 'shared';
  /** Why the id is not anyone's: a catalogue or market object the same for every user. */
  why: string;
  check: () => Promise<void>;
}

const cardNotFound = { status: 404, code: 'CARD_NOT_FOUND', service: 'cards' };
const cardPath = (suffix: string, method: string, payload?: unknown, idempotent?: boolean): OwnedCase => ({
  kind: 'owned',
  request: (id) => ({ method, url: `/api/cards/${id}${suffix}`, payload, idempotent }),
  ownedId: () => owned.cardId,
  notFound: cardNotFound,
});

const requestNotFound = { status: 404, code: 'PAYMENT_REQUEST_NOT_FOUND', service: 'wallet' };
const requestPath = (suffix: string): OwnedCase => ({
  kind: 'owned',
  request: (id) => ({ method: 'POST', url: `/api/payment-requests/${id}${suffix}` }),
  ownedId: () => owned.requestId,
  notFound: requestNotFound,
});

const cases: Partial<Record<EndpointId, OwnedCase | SharedCase>> = {
  // Payment requests (issue #36): only the requester shares or cancels; whoever holds the link reads and pays.
  // Withdrawals (issue #36): a saved address and a withdrawal are their owner's.
  'withdrawals.removeAddress': {
    kind: 'owned',
    request: (id) => ({ method: 'POST', url: `/api/withdrawals/addresses/${id}/remove` }),
    ownedId: () => owned.addressId,
    notFound: { status: 404, code: 'ADDRESS_NOT_FOUND', service: 'wallet' },
  },
  'withdrawals.get': {
    kind: 'owned',
    request: (id) => ({ method: 'GET', url: `/api/withdrawals/${id}` }),
    ownedId: () => owned.withdrawalId,
    notFound: { status: 404, code: 'WITHDRAWAL_NOT_FOUND', service: 'wallet' },
  },
  'withdrawals.usdt': {
    kind: 'owned',
    request: (id) => ({ method: 'POST', url: '/api/withdrawals/usdt', payload: { addressId: id, amount: 10_00, fee: { amount: 100, currency: 'USD' }, code: '123456' }, idempotent: true }),
    ownedId: () => owned.addressId,
    notFound: { status: 404, code: 'ADDRESS_NOT_FOUND', service: 'wallet' },
  },
  'withdrawals.sbp': {
    kind: 'shared',
    why: 'bankId names a bank of the public SBP directory; the payout goes to the caller\'s own phone',
    check: async () => {
      const unknown = await api(b, 'POST', '/api/withdrawals/sbp', { bankId: 'nobank', amount: 100_00, fee: { amount: 0, currency: 'RUB' }, code: '123456' }, true);
      expect(unknown.body.error.code).toBe('BANK_NOT_FOUND');
    },
  },
  'paymentRequests.share': requestPath('/share'),
  'paymentRequests.cancel': requestPath('/cancel'),
  'paymentRequests.get': {
    kind: 'shared',
    why: 'a payment request is read by whoever holds its unguessable link, to pay it (docs/api.md "Payment requests")',
    check: async () => {
      const seen = await api(b, 'GET', `/api/payment-requests/${owned.requestId}`);
      expect(seen.body.data).toMatchObject({ mine: false, paidBy: null, transferId: null });
      expect((await api(b, 'GET', '/api/payment-requests')).body.data.items.map((r: { id: string }) => r.id)).not.toContain(owned.requestId);
    },
  },
  'transfers.send': {
    kind: 'shared',
    why: 'requestId names a request the payer holds the link of; the money goes only to its requester',
    check: async () => {
      const unknown = await api(b, 'POST', '/api/transfers', { payCode: 'AAAAAAAAAA', amount: { amount: 1_00, currency: 'USD' }, requestId: 'prq_nobody' }, true);
      expect(unknown.status).toBe(404);
    },
  },
  'cards.get': cardPath('', 'GET'),
  'cards.balance': cardPath('/balance', 'GET'),
  'cards.trades': cardPath('/trades', 'GET'),
  'cards.transactions': cardPath('/transactions', 'GET'),
  'cards.updateStatus': cardPath('/status', 'PATCH', { action: 'freeze' }, true),
  'cards.topUp': cardPath('/topup', 'POST', { amount: 10_00 }, true),
  // Card controls: limits of the virtual card, the delivery of the physical one.
  'cards.limits': cardPath('/limits', 'GET'),
  'cards.setLimits': cardPath('/limits', 'PATCH', { perPurchase: 1_00, monthly: null }),
  'cards.delivery': { ...cardPath('/delivery', 'GET'), ownedId: () => owned.physicalCardId },
  // Card lifecycle (issue #14): B can neither end A's card nor take its money.
  'cards.close': cardPath('/close', 'POST', undefined, true),
  'cards.block': cardPath('/block', 'POST', { reason: 'stolen' }, true),
  'cards.withdraw': cardPath('/withdraw', 'POST', { amount: 1_00 }, true),
  'cards.replace': cardPath('/replace', 'POST', undefined, true),
  'cards.activate': {
    kind: 'owned',
    request: (id) => ({ method: 'POST', url: '/api/cards/activate', payload: { cardId: id, activationCode: '123456' }, idempotent: true }),
    ownedId: () => owned.physicalCardId,
    notFound: cardNotFound,
  },
  'cards.sensitive': {
    kind: 'owned',
    request: (id) => ({ method: 'POST', url: '/api/cards/sensitive', payload: { cardId: id, publicKey: sensitiveKey } }),
    ownedId: () => owned.cardId,
    notFound: cardNotFound,
  },
  'statements.createLink': {
    kind: 'owned',
    request: (id) => ({ method: 'POST', url: '/api/statements/links', payload: { cardId: id, from: '2029-12-01T00:00:00.000Z', to: '2030-12-01T00:00:00.000Z' } }),
    ownedId: () => owned.cardId,
    notFound: cardNotFound,
  },
  'wallet.sbpGet': {
    kind: 'owned',
    request: (id) => ({ method: 'GET', url: `/api/wallet/sbp/${id}` }),
    ownedId: () => owned.paymentId,
    notFound: { status: 404, code: 'SBP_PAYMENT_NOT_FOUND', service: 'wallet' },
  },
  'account.endSession': {
    kind: 'owned',
    request: (id) => ({ method: 'POST', url: `/api/users/me/sessions/${id}/end` }),
    ownedId: () => JSON.parse(Buffer.from(a.token.split('.')[1]!, 'base64url').toString('utf8')).sid as string,
    notFound: { status: 404, code: 'SESSION_NOT_FOUND', service: 'auth' },
  },
  'wallet.transactionGet': {
    kind: 'owned',
    request: (id) => ({ method: 'GET', url: `/api/wallet/transactions/${id}` }),
    ownedId: () => owned.walletTransactionId,
    notFound: { status: 404, code: 'NOT_FOUND', service: 'api' },
  },
  // B with A's card and A's transaction; B's own card with A's transaction id: tests/server/transaction-details.test.ts.
  'cards.transactionGet': {
    kind: 'owned',
    request: (id) => ({ method: 'GET', url: `/api/cards/${id}/transactions/${owned.cardTransactionId}` }),
    ownedId: () => owned.cardId,
    notFound: cardNotFound,
  },
  // B's own card with A's trade id: tests/server/transaction-details.test.ts.
  'cards.tradeGet': {
    kind: 'owned',
    request: (id) => ({ method: 'GET', url: `/api/cards/${id}/trades/${owned.tradeId}` }),
    ownedId: () => owned.cardId,
    notFound: cardNotFound,
  },
  'cards.product': {
    kind: 'shared',
    why: 'card products are the public catalogue',
    check: async () => {
      const ofA = await api(a, 'GET', '/api/cards/products/prd_visa_virtual_usd');
      const ofB = await api(b, 'GET', '/api/cards/products/prd_visa_virtual_usd');
      expect(ofA.status).toBe(200);
      expect(ofB.body).toEqual(ofA.body);
    },
  },
  'cards.create': {
    kind: 'shared',
    why: 'productId names a catalogue product; the card created is the caller’s own',
    check: async () => {
      const unknown = await api(b, 'POST', '/api/cards', { productId: 'prd_nobody_has_this', initialDeposit: 20_00 }, true);
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('PRODUCT_NOT_FOUND');
    },
  },
  'wallet.exchange': {
    kind: 'shared',
    why: 'quotes are server-wide snapshots shared by all users (docs/api.md "Exchange")',
    check: async () => {
      const rates = async (user: TestUser) => (await api(user, 'GET', '/api/config/exchange-rates')).body.data.rates.map((r: { quoteId: string }) => r.quoteId);
      expect(await rates(b)).toEqual(await rates(a));
    },
  },
};
let sensitiveKey: JsonWebKey;

/**
 * Headers that could carry data of a user (a redirect, a link, a cookie, a file name). The others are fixed
 * (security headers: HSTS max-age=31536000 would "contain" a last-four like 3153), counters or random ids.
 */
const DATA_HEADERS = ['location', 'content-location', 'link', 'set-cookie', 'content-disposition', 'www-authenticate'];
/** What an answer could leak through: its body and the data-carrying headers. */
const leakableText = (res: { body: unknown; headers: Record<string, unknown> }): string =>
  JSON.stringify(res.body) + JSON.stringify(DATA_HEADERS.map((name) => res.headers[name] ?? null));

describe('access control over every id-taking endpoint', () => {
  it('the cases cover exactly the endpoints whose path or body carries an id', () => {
    const idTaking = (Object.keys(endpoints) as EndpointId[]).filter((id) => idFields(id).length > 0).sort();
    expect(Object.keys(cases).sort()).toEqual(idTaking);
    // Sanity of the derivation itself: it sees both path ids and body ids.
    expect(idFields('cards.trades')).toEqual(['params.card_id']);
    expect(idFields('cards.sensitive')).toEqual(['body.cardId']);
    expect(idFields('wallet.sbpGet')).toEqual(['params.paymentId']);
  });

  const ownedIds = (Object.keys(cases) as EndpointId[]).filter((id) => cases[id]!.kind === 'owned');
  it.each(ownedIds)("%s: B with A's id is refused like an unknown id and learns nothing", async (endpointId) => {
    sensitiveKey ??= (await browserKeyPair()).publicJwk;
    const c = cases[endpointId] as OwnedCase;
    const ledgerBefore = await ledgerSnapshot();
    const aBefore = await balances(t, a);
    const bBefore = await balances(t, b);
    const cardsBefore = [await api(a, 'GET', `/api/cards/${owned.cardId}`), await api(a, 'GET', `/api/cards/${owned.physicalCardId}`)].map((r) => r.body.data);

    const foreign = c.request(c.ownedId());
    const res = await api(b, foreign.method, foreign.url, foreign.payload, foreign.idempotent);
    expect(res.status, `${foreign.method} ${foreign.url}`).toBe(c.notFound.status);
    expect(res.body).toMatchObject({ success: false, error: { code: c.notFound.code, service: c.notFound.service } });

    // Indistinguishable from an id that does not exist at all.
    const unknownId = `${c.ownedId().slice(0, 4)}${'0'.repeat(24)}`;
    const probe = c.request(unknownId);
    const unknown = await api(b, probe.method, probe.url, probe.payload, probe.idempotent);
    expect(unknown.status).toBe(res.status);
    expect(unknown.body).toEqual(res.body);

    // Reveals nothing of A's.
    const text = leakableText(res);
    for (const secret of [owned.pan, owned.pan.slice(0, 6), owned.pan.slice(-4), owned.last4, a.userId, a.email, owned.paymentId, owned.cardId, owned.physicalCardId, 'SECRET SHOP'])
      expect(text, `${endpointId} leaks ${secret}`).not.toContain(secret);
    for (const amount of owned.amounts) expect(text, `${endpointId} leaks amount ${amount}`).not.toMatch(new RegExp(`\\b${amount}\\b`));

    // Nothing changed: the whole ledger, both wallets, A's cards (status and balance).
    await drain();
    expect(await ledgerSnapshot()).toEqual(ledgerBefore);
    expect(await balances(t, a)).toEqual(aBefore);
    expect(await balances(t, b)).toEqual(bBefore);
    const cardsAfter = [await api(a, 'GET', `/api/cards/${owned.cardId}`), await api(a, 'GET', `/api/cards/${owned.physicalCardId}`)].map((r) => r.body.data);
    expect(cardsAfter).toEqual(cardsBefore);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });

    // And without a token at all: 401, not a hint that the id exists.
    const anonymous = await api(null, foreign.method, foreign.url, foreign.payload, foreign.idempotent);
    expect(anonymous.status).toBe(401);
  });

  it('the leak check reads the body and data headers, not fixed headers (a last-four 3153 is not in HSTS max-age=31536000)', async () => {
    const res = await api(b, 'GET', `/api/cards/${owned.cardId}`);
    expect(String(res.headers['strict-transport-security'])).toContain('3153');
    expect(leakableText(res)).not.toContain('3153');
    // A data header is still read.
    expect(leakableText({ body: {}, headers: { location: '/cards/3153' } })).toContain('3153');
  });

  const sharedIds = (Object.keys(cases) as EndpointId[]).filter((id) => cases[id]!.kind === 'shared');
  it.each(sharedIds)('%s: its id names a shared object, not a user’s', async (endpointId) => {
    const c = cases[endpointId] as SharedCase;
    expect(c.why.length).toBeGreaterThan(0);
    const ledgerBefore = await ledgerSnapshot();
    await c.check();
    expect(await ledgerSnapshot()).toEqual(ledgerBefore);
  });

  it("searches and statements never reach another user's records", async () => {
    for (const text of ['SECRET', owned.paymentId, String(owned.amounts[4]! / 100)]) {
      const found = await api(b, 'GET', `/api/wallet/transactions?q=${encodeURIComponent(text)}`);
      expect(found.status).toBe(200);
      expect(found.body.data.items).toEqual([]);
    }
    const link = await api(b, 'POST', '/api/statements/links', { currency: 'RUB', from: '2029-12-01T00:00:00.000Z', to: '2030-12-01T00:00:00.000Z' });
    expect(link.status).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: link.body.data.path });
    expect(file.statusCode).toBe(200);
    for (const secret of [owned.paymentId, a.userId, '1234.56']) expect(file.body).not.toContain(secret);
    expect(file.body).toContain('Opening balance,0.00');
    expect(file.body).toContain('Closing balance,0.00');
  });

  it("app lock: another user's passcode or biometric token never unlocks, and B's wrong tries never touch A's lock or session", async () => {
    const [lockA, lockB] = [await verifiedUser(t), await verifiedUser(t)];
    const tokenA = 'A'.repeat(20) + randomUUID().replaceAll('-', '');
    expect((await api(lockA, 'POST', '/api/app-lock/passcode', { passcode: '111111' })).body.data.result).toBe('ok');
    expect((await api(lockA, 'POST', '/api/app-lock/biometry', { biometricToken: tokenA, passcode: '111111' })).body.data.status.biometricDevices).toBe(1);
    expect((await api(lockB, 'POST', '/api/app-lock/passcode', { passcode: '222222' })).body.data.result).toBe('ok');
    // B with A's passcode and A's token: wrong tries of B's own lock, nothing of A's in the answers.
    const withPasscode = await api(lockB, 'POST', '/api/app-lock/unlock', { passcode: '111111' });
    const withToken = await api(lockB, 'POST', '/api/app-lock/unlock-biometric', { biometricToken: tokenA });
    expect(withPasscode.body.data).toEqual({ result: 'wrong', triesLeft: 4, status: null });
    expect(withToken.body.data).toEqual({ result: 'wrong', triesLeft: 3, status: null });
    for (const res of [withPasscode, withToken]) expect(leakableText(res)).not.toContain(lockA.userId);
    // B cannot register a token with A's passcode (a wrong try of B's own lock), remove A's token, turn A's lock off or lock
    // A's session (calls act on the caller's own lock and session only).
    expect((await api(lockB, 'POST', '/api/app-lock/biometry', { biometricToken: 'B'.repeat(20) + randomUUID().replaceAll('-', ''), passcode: '111111' })).body.data.result).toBe('wrong');
    expect((await api(lockB, 'POST', '/api/app-lock/lock')).body.data.locked).toBe(true);
    expect((await api(lockA, 'GET', '/api/wallet')).status).toBe(200);
    expect((await api(lockB, 'GET', '/api/wallet')).body.error.code).toBe('APP_LOCKED');
    expect((await api(lockB, 'POST', '/api/app-lock/unlock', { passcode: '222222' })).body.data.result).toBe('ok');
    await api(lockB, 'POST', '/api/app-lock/biometry/remove', { biometricToken: tokenA });
    expect((await api(lockB, 'POST', '/api/app-lock/off', { passcode: '111111' })).body.data.result).toBe('wrong');
    expect((await api(lockA, 'GET', '/api/app-lock')).body.data).toEqual({ enabled: true, autoLockSeconds: 300, biometricDevices: 1, triesLeft: 5, locked: false });
    expect((await api(lockA, 'POST', '/api/app-lock/unlock-biometric', { biometricToken: tokenA })).body.data.result).toBe('ok');
    // Without a token: 401.
    expect((await api(null, 'GET', '/api/app-lock')).status).toBe(401);
    expect((await api(null, 'POST', '/api/app-lock/unlock', { passcode: '111111' })).status).toBe(401);
  });

  it("lists never show another user's records", async () => {
    const cards = await api(b, 'GET', '/api/cards?limit=100');
    expect(cards.body.data.items).toEqual([]);
    expect((await api(b, 'GET', '/api/cards/archive?limit=100')).body.data.items).toEqual([]);
    const txs = JSON.stringify((await api(b, 'GET', '/api/wallet/transactions?limit=100')).body.data.items);
    for (const secret of [owned.cardId, owned.physicalCardId, owned.paymentId, 'SECRET SHOP']) expect(txs).not.toContain(secret);
    const referrals = await api(b, 'GET', '/api/promo/my-referrals');
    expect(referrals.body.data.items).toEqual([]);
    const code = (await api(b, 'GET', '/api/promo/my-code')).body.data;
    expect(code).toMatchObject({ referralsCount: 0, activeCount: 0, totalEarned: { amount: 0 } });
  });

  it("notification settings are the caller's own: A's switches are not B's, and B's change leaves A's alone", async () => {
    const aOff = await api(a, 'PATCH', '/api/notifications/settings', { kinds: { newSignIn: false }, language: 'ru' });
    expect(aOff.status).toBe(200);
    const ofB = (await api(b, 'GET', '/api/notifications/settings')).body.data;
    expect(ofB).toMatchObject({ language: 'en', kinds: { newSignIn: true } });
    expect((await api(b, 'PATCH', '/api/notifications/settings', { kinds: { topUpCredited: false } })).status).toBe(200);
    expect((await api(a, 'GET', '/api/notifications/settings')).body.data).toMatchObject({ language: 'ru', kinds: { newSignIn: false, topUpCredited: true } });
    expect((await api(null, 'GET', '/api/notifications/settings')).status).toBe(401);
    expect((await api(null, 'PATCH', '/api/notifications/settings', { kinds: { newSignIn: true } })).status).toBe(401);
  });
});
