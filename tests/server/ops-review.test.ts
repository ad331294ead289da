/**
 * Verification by people and the KYC provider, freezing, and a user's whole picture (docs/ops.md "Verification",
 * "Freezing an account", "A user's picture"), through the operator endpoints and what the user then sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_SIGNATURE_HEADER, signKycWebhook } from '../../server/adapters/kyc';
import { createTestApp, signUp, uniqueEmail, type TestApp } from './harness';
import { newOperator, type TestOperator } from './ops-support';
import { bearer, createSbp, depositUsdt, runJobs, verifiedUser, type TestUser } from './wallet-support';
import { createCard, setIssuerMode } from './card-helpers';

let t: TestApp;
let compliance: TestOperator;
let support: TestOperator;

beforeAll(async () => {
  t = await createTestApp({ env: { KYC_SANDBOX_DELAY_MS: '0' } });
  compliance = await newOperator(t, ['compliance'], 'Carla Compliance');
  support = await newOperator(t, ['support'], 'Sam Support');
});
afterAll(() => t?.close());

const ops = (op: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.call({ method, url, headers: op.headers, ...(payload ? { payload } : {}) });
const newcomer = async (): Promise<TestUser> => {
  const { email, accessToken, refreshToken, user } = await signUp(t, uniqueEmail('newcomer'));
  return { userId: user.id, email, token: accessToken, refreshToken, headers: bearer(accessToken) };
};
const me = async (user: TestUser) => (await t.call({ method: 'GET', url: '/api/users/me', headers: user.headers })).body.data;
const linkTelegram = (user: TestUser, telegramId: number) => t.db.query('UPDATE users SET telegram_id = $2 WHERE id = $1', [user.userId, telegramId]);
const notificationsOf = (user: TestUser) =>
  t.db.query<{ kind: string; params: Record<string, unknown> }>('SELECT kind, params FROM bot_notifications WHERE user_id = $1 ORDER BY created_at', [user.userId]);

describe('the verification review', () => {
  it('a new user waits in the queue with what they gave and the provider’s result; approval unlocks their money calls', async () => {
    const user = await newcomer();
    await linkTelegram(user, 7_000_001);
    await runJobs(t); // the sign-up's kyc.start, then the sandbox provider's decision and its webhook
    await runJobs(t);
    const queue = await ops(compliance, 'GET', '/api/ops/kyc/queue?limit=100');
    expect(queue.status).toBe(200);
    const item = queue.body.data.items.find((i: { user: { id: string } }) => i.user.id === user.userId);
    expect(item).toMatchObject({
      user: { email: user.email, verificationStatus: 'under_verification', frozen: false },
      registration: { firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '+79991234567', country: 'RUS' },
      kyc: { provider: 'sandbox', status: 'approved' },
    });
    // Without KYC_AUTO_APPROVE the provider's approval decides nothing.
    expect((await me(user)).verificationStatus).toBe('under_verification');
    expect((await createSbp(t, user, { amount: 100_00 })).body.error.code).toBe('ACCOUNT_UNDER_VERIFICATION');

    const decided = await ops(compliance, 'POST', `/api/ops/kyc/${user.userId}/decision`, { decision: 'approve', reason: 'documents match' });
    expect(decided.body.data).toEqual({ userId: user.userId, status: 'verified', request: null });
    expect((await me(user)).verificationStatus).toBe('verified');
    expect((await createSbp(t, user, { amount: 100_00 })).status).toBe(200);
    expect(await notificationsOf(user)).toContainEqual({ kind: 'accountStatus', params: { status: 'verified' } });
    // Decided once: a second decision is refused.
    const again = await ops(compliance, 'POST', `/api/ops/kyc/${user.userId}/decision`, { decision: 'reject', reason: 'changed my mind' });
    expect(again.body.error.code).toBe('VERIFICATION_NOT_PENDING');
    // The picture shows the history: sign-up, the provider's result, the approval with who and why.
    const picture = (await ops(support, 'GET', `/api/ops/users/${user.userId}`)).body.data;
    expect(picture.verification.history.map((e: { action: string }) => e.action)).toEqual(['submitted', 'providerResult', 'approved']);
    expect(picture.verification.history[2]).toMatchObject({ actor: 'operator', operator: { id: compliance.id, name: 'Carla Compliance' }, reason: 'documents match' });
  });

  it('a rejection: the user sees SPEC §8’s sentence, support sees the reason', async () => {
    const user = await newcomer();
    await ops(compliance, 'POST', `/api/ops/kyc/${user.userId}/decision`, { decision: 'reject', reason: 'passport photo edited' });
    expect((await me(user)).verificationStatus).toBe('verification_failed');
    const refused = await createSbp(t, user, { amount: 100_00 });
    expect(refused.body.error).toMatchObject({ code: 'ACCOUNT_VERIFICATION_FAILED', message: 'Account verification failed. Please contact support to resolve this issue.' });
    const picture = (await ops(support, 'GET', `/api/ops/users/${user.userId}`)).body.data;
    expect(picture.verification.history.at(-1)).toMatchObject({ action: 'rejected', reason: 'passport photo edited' });
  });

  it('asking for more: the user is told what to send and stays in the queue, longest waiting first', async () => {
    const user = await newcomer();
    await linkTelegram(user, 7_000_002);
    const asked = await ops(compliance, 'POST', `/api/ops/kyc/${user.userId}/decision`, {
      decision: 'requestInfo',
      reason: 'address unclear',
      items: ['proof_of_address', 'selfie'],
    });
    expect(asked.body.data).toMatchObject({ status: 'under_verification', request: { items: ['proof_of_address', 'selfie'] } });
    expect((await me(user)).verificationRequest).toMatchObject({ items: ['proof_of_address', 'selfie'] });
    expect(await notificationsOf(user)).toContainEqual({ kind: 'accountStatus', params: { status: 'infoRequested', items: ['proof_of_address', 'selfie'] } });
    const queue = (await ops(compliance, 'GET', '/api/ops/kyc/queue?limit=100')).body.data.items as Array<{ user: { id: string }; request: unknown }>;
    expect(queue.find((i) => i.user.id === user.userId)?.request).toMatchObject({ items: ['proof_of_address', 'selfie'] });
    const waiting = queue.map((i) => (i as unknown as { waitingSince: string }).waitingSince);
    expect([...waiting].sort()).toEqual(waiting);
    // Approved later: the request no longer applies.
    await ops(compliance, 'POST', `/api/ops/kyc/${user.userId}/decision`, { decision: 'approve', reason: 'address confirmed' });
    expect((await me(user)).verificationRequest).toBeNull();
  });

  it('bad decisions are refused: unknown user, empty items, a reason too short', async () => {
    expect((await ops(compliance, 'POST', '/api/ops/kyc/nobody/decision', { decision: 'approve', reason: 'fine' })).body.error.code).toBe('USER_NOT_FOUND');
    const user = await newcomer();
    const noItems = await ops(compliance, 'POST', `/api/ops/kyc/${user.userId}/decision`, { decision: 'requestInfo', reason: 'more', items: [] });
    expect(noItems.status).toBe(400);
    const short = await ops(compliance, 'POST', `/api/ops/kyc/${user.userId}/decision`, { decision: 'approve', reason: 'x' });
    expect(short.status).toBe(400);
  });
});

describe('the KYC provider', () => {
  const webhook = (body: object, secret = t.config.kyc.webhookSecret) => {
    const raw = JSON.stringify(body);
    return t.app.inject({ method: 'POST', url: '/api/webhooks/kyc', payload: raw, headers: { 'content-type': 'application/json', [KYC_SIGNATURE_HEADER]: signKycWebhook(secret, raw) } });
  };

  it('decides later by a signed webhook, which can fail; redeliveries count once; forged ones are refused', async () => {
    await t.call({ method: 'POST', url: '/api/dev/kyc/settings', payload: { outcome: 'error', reason: 'PROVIDER_TIMEOUT' } });
    const user = await newcomer();
    await runJobs(t);
    await runJobs(t);
    const [check] = await t.db.query<{ check_id: string; status: string; reason: string }>('SELECT check_id, status, reason FROM kyc_checks WHERE user_id = $1', [user.userId]);
    expect(check).toMatchObject({ status: 'error', reason: 'PROVIDER_TIMEOUT' });
    const event = { eventId: `evt_${check!.check_id}`, checkId: check!.check_id, applicantRef: user.userId, outcome: 'error', reason: 'PROVIDER_TIMEOUT', occurredAt: new Date().toISOString() };
    expect((await webhook(event)).json().data.outcome).toBe('duplicate');
    expect((await webhook({ ...event, eventId: 'evt_forged', outcome: 'approved' }, 'x'.repeat(32))).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/kyc', payload: '{', headers: { 'content-type': 'application/json', [KYC_SIGNATURE_HEADER]: signKycWebhook(t.config.kyc.webhookSecret, '{') } })).statusCode).toBe(400);
    // A result for someone else's check is not applied to this user.
    expect((await webhook({ ...event, eventId: 'evt_other', applicantRef: 'someone-else' })).json().data.outcome).toBe('unknown_check');
    expect((await me(user)).verificationStatus).toBe('under_verification');
    await t.call({ method: 'POST', url: '/api/dev/kyc/settings', payload: { outcome: 'approved', reason: null } });
  });

  it('with KYC_AUTO_APPROVE (never in production) the provider’s approval verifies the user', async () => {
    const auto = await createTestApp({ env: { KYC_SANDBOX_DELAY_MS: '0', KYC_AUTO_APPROVE: 'true' } });
    try {
      const { accessToken } = await signUp(auto);
      await runJobs(auto);
      await runJobs(auto);
      const profile = (await auto.call({ method: 'GET', url: '/api/users/me', headers: bearer(accessToken) })).body.data;
      expect(profile.verificationStatus).toBe('verified');
    } finally {
      await auto.close();
    }
  });
});

describe('freezing an account', () => {
  it('no money leaves a frozen account (its own code and reason), money still comes in; unfreezing lets it leave again', async () => {
    await setIssuerMode(t, { delayMs: 0 });
    const user = await verifiedUser(t);
    await linkTelegram(user, 7_000_003);
    await depositUsdt(t, user, 50);
    const card = await createCard(t, { ...user, id: user.userId }, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
    await runJobs(t);
    const frozen = await ops(compliance, 'POST', `/api/ops/users/${user.userId}/freeze`, { reason: 'suspicious_activity', note: 'many cards tried' });
    expect(frozen.body.data.frozen).toMatchObject({ reason: 'suspicious_activity', by: 'Carla Compliance', note: 'many cards tried' });
    expect((await me(user)).frozen).toMatchObject({ reason: 'suspicious_activity' });
    const refused = await createSbp(t, user, { amount: 100_00 });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'ACCOUNT_FROZEN', details: { freezeReason: 'suspicious_activity' } });
    expect((await depositUsdt(t, user, 20)).outcome.status).toBe('credited');
    // Not by card either: a purchase is declined for the account's freeze.
    const purchase = await t.call({ method: 'POST', url: `/api/dev/cards/${card.body.data.id}/purchase`, payload: { amount: 1_00, merchant: 'SHOP' } });
    expect(purchase.body.data).toMatchObject({ status: 'declined', declineReason: 'ACCOUNT_FROZEN' });
    expect((await ops(compliance, 'POST', `/api/ops/users/${user.userId}/freeze`, { reason: 'legal_order', note: 'again' })).body.error.code).toBe('ACCOUNT_ALREADY_FROZEN');
    t.clock.advance(1);
    const unfrozen = await ops(compliance, 'POST', `/api/ops/users/${user.userId}/unfreeze`, { note: 'cleared with the user' });
    expect(unfrozen.body.data.frozen).toBeNull();
    expect((await createSbp(t, user, { amount: 100_00 })).status).toBe(200);
    expect((await notificationsOf(user)).filter((n) => n.kind === 'accountStatus').map((n) => n.params.status)).toEqual(['frozen', 'unfrozen']);
    const card2 = await t.call({ method: 'POST', url: `/api/dev/cards/${card.body.data.id}/purchase`, payload: { amount: 1_00, merchant: 'SHOP' } });
    expect(card2.body.data.status).toBe('completed');
    expect((await ops(compliance, 'POST', `/api/ops/users/${user.userId}/unfreeze`, { note: 'twice' })).body.error.code).toBe('ACCOUNT_NOT_FROZEN');
  });
});

describe("a user's picture and support's actions", () => {
  it('search finds a user by email, name, phone, id, tag; every view is in the audit log', async () => {
    const user = await verifiedUser(t);
    const wallet = (await t.call({ method: 'GET', url: '/api/wallet', headers: user.headers })).body.data;
    for (const q of [user.email, user.email.slice(0, 12).toUpperCase(), 'ada love', '9991234567', user.userId, wallet.usdtDepositTag]) {
      const found = await ops(support, 'GET', `/api/ops/users?q=${encodeURIComponent(q)}&limit=100`);
      expect(found.status).toBe(200);
      expect(found.body.data.items.map((u: { id: string }) => u.id), q).toContain(user.userId);
    }
    expect((await ops(support, 'GET', `/api/ops/users?q=${encodeURIComponent('100%_')}`)).body.data.items).toEqual([]);
    for (const part of ['', '/ledger', '/cards', '/sessions', '/notes']) expect((await ops(support, 'GET', `/api/ops/users/${user.userId}${part}`)).status).toBe(200);
    const views = await t.db.query<{ after: { part: string } }>(
      `SELECT after FROM ops_audit_log WHERE action = 'user.viewed' AND user_id = $1 AND operator_id = $2 ORDER BY id`,
      [user.userId, support.id],
    );
    expect(views.map((v) => v.after.part)).toEqual(['profile', 'ledger', 'cards', 'sessions', 'notes']);
    expect((await ops(support, 'GET', '/api/ops/users/nobody')).body.error.code).toBe('USER_NOT_FOUND');
  });

  it('balances, ledger entries, cards with events; notes; ending sessions; blocking a card as stolen', async () => {
    await setIssuerMode(t, { delayMs: 0 });
    const user = await verifiedUser(t);
    await depositUsdt(t, user, 100);
    const card = await createCard(t, { ...user, id: user.userId }, { productId: 'prd_visa_virtual_usd', initialDeposit: 20_00 });
    expect(card.status).toBe(200);
    await runJobs(t);
    const picture = (await ops(support, 'GET', `/api/ops/users/${user.userId}`)).body.data;
    expect(picture.balances[0].currency).toBe('USD');
    expect(picture.balances[0].available.amount).toBeGreaterThan(0);
    const ledger = (await ops(support, 'GET', `/api/ops/users/${user.userId}/ledger?limit=2`)).body.data;
    expect(ledger.items).toHaveLength(2);
    expect(ledger.nextCursor).not.toBeNull();
    const next = (await ops(support, 'GET', `/api/ops/users/${user.userId}/ledger?limit=50&cursor=${ledger.nextCursor}`)).body.data;
    expect(next.items.some((e: { type: string }) => e.type === 'usdtDeposit')).toBe(true);
    const cards = (await ops(support, 'GET', `/api/ops/users/${user.userId}/cards`)).body.data.items;
    expect(cards[0]).toMatchObject({ id: card.body.data.id, status: 'active', blockable: true });
    expect(cards[0].events.length).toBeGreaterThan(0);

    const note = await ops(support, 'POST', `/api/ops/users/${user.userId}/notes`, { text: 'Called about a lost phone.' });
    expect(note.body.data).toMatchObject({ text: 'Called about a lost phone.', operator: { id: support.id } });
    expect((await ops(support, 'GET', `/api/ops/users/${user.userId}/notes`)).body.data.items[0].id).toBe(note.body.data.id);

    const blocked = await ops(support, 'POST', `/api/ops/cards/${card.body.data.id}/block`, { reason: 'stolen', note: 'user reported theft by phone' });
    expect(blocked.body.data).toMatchObject({ status: 'blocking', statusReason: 'STOLEN', blockable: false });
    expect((await ops(support, 'POST', `/api/ops/cards/nothing/block`, { reason: 'lost', note: 'no such card' })).body.error.code).toBe('CARD_NOT_FOUND');

    const ended = await ops(support, 'POST', `/api/ops/users/${user.userId}/sessions/end`, { sessionId: null, reason: 'phone lost' });
    expect(ended.body.data.ended).toBeGreaterThanOrEqual(1);
    expect((await t.call({ method: 'GET', url: '/api/users/me', headers: user.headers })).status).toBe(401);
    const sessions = (await ops(support, 'GET', `/api/ops/users/${user.userId}/sessions`)).body.data.items;
    expect(sessions.every((s: { endedAt: string | null }) => s.endedAt !== null)).toBe(true);

    const trail = await t.db.query<{ action: string; reason: string | null }>(
      `SELECT action, reason FROM ops_audit_log WHERE user_id = $1 AND action <> 'user.viewed' ORDER BY id`,
      [user.userId],
    );
    expect(trail).toEqual([
      { action: 'user.noteAdded', reason: null },
      { action: 'card.blocked', reason: 'user reported theft by phone' },
      { action: 'user.sessionsEnded', reason: 'phone lost' },
    ]);
  });
});
