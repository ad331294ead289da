/**
 * Referral programme (GitHub issue #6): GET /api/promo/my-code, GET /api/promo/my-referrals and the
 * 'referral.cardIssued' job that pays the referrer's promoBonus exactly once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJobRegistry, enqueueJob, JobRegistry, listJobs, runDueJobs } from '../../server/jobs';
import { accountIds, checkLedger } from '../../server/modules/ledger';
import { loadPromoSettings, payCardIssueBonus, promoBonusKey, referralIdOf } from '../../server/modules/promo';
import { createTestApp, latestCode, registrationForm, signUp, uniqueEmail, uniqueIp, type TestApp } from './harness';

let t: TestApp;
/** The referral job handler's dependencies, as the promo module builds them. */
const promoDeps = () => ({ db: t.db, clock: t.clock, settings: t.config.promo });
beforeAll(async () => {
  t = await createTestApp();
  // The sandbox issuer answers at once, so a card is issued as soon as the jobs run.
  const mode = await t.call({ method: 'POST', url: '/api/dev/card-issuer/mode', payload: { issue: 'ok', delayMs: 0 } });
  expect(mode.status).toBe(200);
});
afterAll(() => t.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token: string) => t.call({ method: 'GET', url, headers: auth(token) });

const myCode = async (token: string) => {
  const res = await get('/api/promo/my-code', token);
  expect(res.status).toBe(200);
  return res.body.data as {
    code: string;
    bonusPerReferral: { amount: number; currency: string };
    referralsCount: number;
    activeCount: number;
    totalEarned: { amount: number; currency: string };
  };
};

const myReferrals = async (token: string, query = '') => {
  const res = await get(`/api/promo/my-referrals${query}`, token);
  expect(res.status).toBe(200);
  return res.body.data as {
    items: Array<{ id: string; name: string; status: string; registeredAt: string; bonus: { amount: number; currency: string } | null }>;
    nextCursor: string | null;
  };
};

const userId = async (token: string): Promise<string> => (await get('/api/users/me', token)).body.data.id;

const walletHistory = async (token: string) => (await get('/api/wallet/transactions?type=promoBonus', token)).body.data.items as any[];

const usdBalance = async (token: string): Promise<number> => {
  const res = await get('/api/wallet', token);
  return res.body.data.balances.find((b: { currency: string }) => b.currency === 'USD').available.amount;
};

/** Runs every due job of this app (the card issue and whatever it enqueues) until none is left. */
const drainJobs = async () => {
  for (let round = 0; round < 20; round++) {
    const ran = await runDueJobs(t.db, { registry: appJobRegistry(t.app) });
    if (ran === 0) return;
  }
};

/** Verified, funded through the USDT sandbox, and one virtual USD card issued (through the API and the jobs). */
const issueCard = async (user: { email: string; accessToken: string }): Promise<string> => {
  const verified = await t.call({ method: 'POST', url: '/api/dev/users/verification', payload: { email: user.email, status: 'verified' } });
  expect(verified.status).toBe(200);
  const tag = (await get('/api/wallet', user.accessToken)).body.data.usdtDepositTag as string;
  const deposit = await t.call({ method: 'POST', url: '/api/dev/tron/transfers', payload: { amount: `100.${tag}` } });
  expect(deposit.body.data?.outcome?.status).toBe('credited');
  const created = await t.call({
    method: 'POST',
    url: '/api/cards',
    headers: { ...auth(user.accessToken), 'idempotency-key': randomUUID() },
    payload: { productId: 'prd_visa_virtual_usd', initialDeposit: 1000 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const cardId = created.body.data.id as string;
  await drainJobs();
  const card = await get(`/api/cards/${cardId}`, user.accessToken);
  expect(card.body.data.status).toBe('active');
  return cardId;
};

describe('GET /api/promo/my-code', () => {
  it('answers the user’s own code (= users.me.promoCode) and zero totals for a new user', async () => {
    const a = await signUp(t);
    const me = (await get('/api/users/me', a.accessToken)).body.data;
    const data = await myCode(a.accessToken);
    expect(data).toEqual({
      code: me.promoCode,
      bonusPerReferral: { amount: 500, currency: 'USD' },
      referralsCount: 0,
      activeCount: 0,
      totalEarned: { amount: 0, currency: 'USD' },
    });
    expect(await myReferrals(a.accessToken)).toEqual({ items: [], nextCursor: null });
  });

  it('requires a signed-in user', async () => {
    for (const url of ['/api/promo/my-code', '/api/promo/my-referrals']) {
      const res = await t.call({ method: 'GET', url });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    }
  });
});

describe('sign-up with a promo code', () => {
  it('records the referral as Registered, with a short name and no bonus', async () => {
    const a = await signUp(t);
    const { code } = await myCode(a.accessToken);
    const b = await signUp(t, uniqueEmail('b'), { promoCode: code, firstName: 'Ivan', lastName: 'petrov' });

    const list = await myReferrals(a.accessToken);
    expect(list.nextCursor).toBeNull();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toEqual({
      id: referralIdOf(await userId(b.accessToken)),
      name: 'Ivan P.',
      status: 'Registered',
      registeredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      bonus: null,
    });
    expect(list.items[0]!.id).toMatch(/^ref_[0-9a-f]{24}$/);
    expect(JSON.stringify(list)).not.toContain(await userId(b.accessToken));
    expect(await myCode(a.accessToken)).toMatchObject({ referralsCount: 1, activeCount: 0, totalEarned: { amount: 0, currency: 'USD' } });
    // B's own programme is empty; B did not earn anything for being referred.
    expect(await myCode(b.accessToken)).toMatchObject({ referralsCount: 0, activeCount: 0 });
  });

  it('an unknown promo code is a clear 400 on the field, and the same code then signs up without it', async () => {
    const email = uniqueEmail('unknown-promo');
    const ip = uniqueIp();
    await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email, purpose: 'signup' }, remoteAddress: ip });
    const code = await latestCode(t, email);
    const refused = await t.call({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...registrationForm(email), promoCode: 'NOSUCH99', code },
      remoteAddress: ip,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      success: false,
      error: { service: 'auth', code: 'PROMO_CODE_UNKNOWN', message: 'Promo code not found', fields: { promoCode: 'Promo code not found' } },
    });
    const accepted = await t.call({ method: 'POST', url: '/api/auth/register', payload: { ...registrationForm(email), code }, remoteAddress: ip });
    expect(accepted.status).toBe(200);
    expect((await get('/api/users/me', accepted.body.data.accessToken)).body.data.email).toBe(email);
  });

  it('a malformed promo code is a 400 VALIDATION_ERROR on promoCode, never a 500', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...registrationForm(uniqueEmail()), promoCode: 'bad code!', code: '123456' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.fields).toHaveProperty('promoCode');
  });
});

describe('my-referrals pages', () => {
  it('newest first, keyset pages with nextCursor; a bad cursor or limit is a 400', async () => {
    const a = await signUp(t);
    const { code } = await myCode(a.accessToken);
    const names = ['Anna', 'Boris', 'Clara', 'Dmitry', 'Elena'];
    for (const firstName of names) {
      await signUp(t, uniqueEmail(firstName), { promoCode: code, firstName, lastName: 'Smirnova' });
      t.clock.advance(1);
    }
    const first = await myReferrals(a.accessToken, '?limit=2');
    expect(first.items.map((r) => r.name)).toEqual(['Elena S.', 'Dmitry S.']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await myReferrals(a.accessToken, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((r) => r.name)).toEqual(['Clara S.', 'Boris S.']);
    const third = await myReferrals(a.accessToken, `?limit=2&cursor=${second.nextCursor}`);
    expect(third.items.map((r) => r.name)).toEqual(['Anna S.']);
    expect(third.nextCursor).toBeNull();
    expect((await myReferrals(a.accessToken)).items).toHaveLength(5);

    for (const query of ['?cursor=not-a-cursor', `?cursor=${Buffer.from('2030-01-01T00:00:00.000Z|usr_1').toString('base64url')}`, '?limit=0', '?limit=101', '?limit=abc']) {
      const res = await get(`/api/promo/my-referrals${query}`, a.accessToken);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('the card-issue bonus', () => {
  it('pays the referrer 5.00 USD once when the referral’s first card is issued, and the referral turns Active', async () => {
    const a = await signUp(t, uniqueEmail('referrer'));
    const { code } = await myCode(a.accessToken);
    const b = await signUp(t, uniqueEmail('referred'), { promoCode: code, firstName: 'Boris', lastName: 'Ivanov' });
    const bId = await userId(b.accessToken);

    const cardId = await issueCard(b);

    const jobs = await listJobs(t.db, { kind: 'referral.cardIssued' });
    const job = jobs.find((j) => (j.payload as { userId: string }).userId === bId);
    expect(job).toMatchObject({ status: 'done', payload: { userId: bId, cardId } });

    expect(await usdBalance(a.accessToken)).toBe(500);
    const history = await walletHistory(a.accessToken);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      type: 'promoBonus',
      direction: 'credit',
      amount: { amount: 500, currency: 'USD' },
      status: 'completed',
      details: { referralId: referralIdOf(bId), referralName: 'Boris I.' },
    });

    const list = await myReferrals(a.accessToken);
    expect(list.items).toEqual([expect.objectContaining({ id: referralIdOf(bId), name: 'Boris I.', status: 'Active', bonus: { amount: 500, currency: 'USD' } })]);
    expect(await myCode(a.accessToken)).toMatchObject({ referralsCount: 1, activeCount: 1, totalEarned: { amount: 500, currency: 'USD' } });

    // The referred user got no bonus.
    expect(await walletHistory(b.accessToken)).toEqual([]);
    const ledger = await checkLedger(t.db);
    expect(ledger.ok).toBe(true);
    // Paid from promo_expense, which may go negative.
    const [expense] = await t.db.query<{ balance: number }>('SELECT balance FROM ledger_accounts WHERE id = $1', [accountIds.system('promo_expense', 'USD')]);
    expect(expense!.balance).toBeLessThanOrEqual(-500);
  });

  it('exactly once: the job running again, a second card and concurrent runs pay nothing more', async () => {
    const a = await signUp(t, uniqueEmail('referrer'));
    const { code } = await myCode(a.accessToken);
    const b = await signUp(t, uniqueEmail('referred'), { promoCode: code });
    const bId = await userId(b.accessToken);
    const cardId = await issueCard(b);
    expect(await usdBalance(a.accessToken)).toBe(500);

    // The same job delivered again (a worker died after the handler committed), and more copies of it
    // without the dedupe key, some at the same time.
    await t.db.tx((q) => enqueueJob(q, { kind: 'referral.cardIssued', payload: { userId: bId, cardId } }));
    await t.db.tx((q) => enqueueJob(q, { kind: 'referral.cardIssued', payload: { userId: bId, cardId } }));
    await drainJobs();
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => payCardIssueBonus(promoDeps(), { userId: bId, cardId })));
    expect(outcomes.every((o) => !o.paid)).toBe(true);

    // A second card of the same user: the dedupe key keeps the job from being enqueued again.
    const second = await t.call({
      method: 'POST',
      url: '/api/cards',
      headers: { ...auth(b.accessToken), 'idempotency-key': randomUUID() },
      payload: { productId: 'prd_mastercard_virtual_usd', initialDeposit: 1000 },
    });
    expect(second.status).toBe(200);
    await drainJobs();
    expect((await get(`/api/cards/${second.body.data.id}`, b.accessToken)).body.data.status).toBe('active');

    expect(await usdBalance(a.accessToken)).toBe(500);
    expect(await walletHistory(a.accessToken)).toHaveLength(1);
    const rows = await t.db.query('SELECT id FROM ledger_transactions WHERE idempotency_key = $1', [promoBonusKey(bId)]);
    expect(rows).toHaveLength(1);
    expect(await myCode(a.accessToken)).toMatchObject({ activeCount: 1, totalEarned: { amount: 500, currency: 'USD' } });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('concurrent first runs of the handler pay once (real row locks on PostgreSQL)', async () => {
    const a = await signUp(t, uniqueEmail('referrer'));
    const { code } = await myCode(a.accessToken);
    const b = await signUp(t, uniqueEmail('referred'), { promoCode: code });
    const bId = await userId(b.accessToken);
    // Issue a card with a worker that does not run the bonus job (the app's handlers minus that one).
    const withoutBonus = new JobRegistry();
    for (const kind of appJobRegistry(t.app).kinds()) {
      const registered = appJobRegistry(t.app).get(kind)!;
      if (kind !== 'referral.cardIssued') withoutBonus.register(kind, registered.handler, registered);
    }
    const cardId = await (async () => {
      const verified = await t.call({ method: 'POST', url: '/api/dev/users/verification', payload: { email: b.email, status: 'verified' } });
      expect(verified.status).toBe(200);
      const tag = (await get('/api/wallet', b.accessToken)).body.data.usdtDepositTag as string;
      await t.call({ method: 'POST', url: '/api/dev/tron/transfers', payload: { amount: `50.${tag}` } });
      const created = await t.call({
        method: 'POST',
        url: '/api/cards',
        headers: { ...auth(b.accessToken), 'idempotency-key': randomUUID() },
        payload: { productId: 'prd_visa_virtual_usd', initialDeposit: 1000 },
      });
      expect(created.status).toBe(200);
      for (let round = 0; round < 20; round++) {
        if ((await runDueJobs(t.db, { registry: withoutBonus })) === 0) break;
      }
      expect((await get(`/api/cards/${created.body.data.id}`, b.accessToken)).body.data.status).toBe('active');
      return created.body.data.id as string;
    })();
    expect(await usdBalance(a.accessToken)).toBe(0);

    const outcomes = await Promise.all(Array.from({ length: 6 }, () => payCardIssueBonus(promoDeps(), { userId: bId, cardId })));
    expect(outcomes.filter((o) => o.paid)).toHaveLength(1);
    expect(await usdBalance(a.accessToken)).toBe(500);
    expect(await walletHistory(a.accessToken)).toHaveLength(1);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('no bonus without a referral: a card of a user who signed up without a code pays no one', async () => {
    const c = await signUp(t, uniqueEmail('solo'));
    const cId = await userId(c.accessToken);
    const before = await t.db.query<{ n: number }>(`SELECT count(*)::bigint AS n FROM ledger_transactions WHERE type = 'promoBonus'`);
    const cardId = await issueCard(c);
    // The cards module enqueues nothing for an unreferred user …
    const jobs = await listJobs(t.db, { kind: 'referral.cardIssued' });
    expect(jobs.some((j) => (j.payload as { userId: string }).userId === cId)).toBe(false);
    // … and the handler, if called anyway, pays nothing.
    expect(await payCardIssueBonus(promoDeps(), { userId: cId, cardId })).toEqual({ paid: false, reason: 'NO_REFERRER' });
    const after = await t.db.query<{ n: number }>(`SELECT count(*)::bigint AS n FROM ledger_transactions WHERE type = 'promoBonus'`);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(await walletHistory(c.accessToken)).toEqual([]);
  });

  it('no bonus before a card is issued, and a payload naming someone else’s card fails the job for good', async () => {
    const a = await signUp(t, uniqueEmail('referrer'));
    const { code } = await myCode(a.accessToken);
    const b = await signUp(t, uniqueEmail('referred'), { promoCode: code });
    const bId = await userId(b.accessToken);
    const other = await signUp(t, uniqueEmail('other'));
    const otherCard = await issueCard(other);

    await expect(payCardIssueBonus(promoDeps(), { userId: bId, cardId: otherCard })).rejects.toThrow(/does not belong/);
    await expect(payCardIssueBonus(promoDeps(), { userId: bId, cardId: 'crd_missing' })).rejects.toThrow(/does not belong/);
    await expect(payCardIssueBonus(promoDeps(), {} as never)).rejects.toThrow(/payload needs userId and cardId/);

    await t.db.tx((q) => enqueueJob(q, { kind: 'referral.cardIssued', payload: { userId: bId, cardId: otherCard } }));
    await drainJobs();
    const failed = (await listJobs(t.db, { kind: 'referral.cardIssued', status: 'failed' })).filter(
      (j) => (j.payload as { userId: string }).userId === bId,
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]!.lastError).toMatch(/does not belong/);

    expect(await usdBalance(a.accessToken)).toBe(0);
    expect((await myReferrals(a.accessToken)).items[0]).toMatchObject({ status: 'Registered', bonus: null });

    // B's own card, still pending at the issuer (the jobs have not run): not issued, no bonus.
    await t.call({ method: 'POST', url: '/api/dev/users/verification', payload: { email: b.email, status: 'verified' } });
    const tag = (await get('/api/wallet', b.accessToken)).body.data.usdtDepositTag as string;
    await t.call({ method: 'POST', url: '/api/dev/tron/transfers', payload: { amount: `50.${tag}` } });
    const pending = await t.call({
      method: 'POST',
      url: '/api/cards',
      headers: { ...auth(b.accessToken), 'idempotency-key': randomUUID() },
      payload: { productId: 'prd_visa_virtual_usd', initialDeposit: 1000 },
    });
    expect(pending.body.data.status).toBe('pending');
    await expect(payCardIssueBonus(promoDeps(), { userId: bId, cardId: pending.body.data.id })).rejects.toThrow(/has not been issued/);
    expect(await usdBalance(a.accessToken)).toBe(0);
  });
});

describe('PROMO_BONUS_AMOUNT', () => {
  it('parses USD major units; refuses anything else at start', () => {
    expect(loadPromoSettings({})).toEqual({ bonusAmount: 500 });
    expect(loadPromoSettings({ PROMO_BONUS_AMOUNT: '2.5' })).toEqual({ bonusAmount: 250 });
    expect(loadPromoSettings({ PROMO_BONUS_AMOUNT: ' 10000 ' })).toEqual({ bonusAmount: 1_000_000 });
    for (const bad of ['0', '0.00', '-5', '5.001', '1e3', 'five', '10000.01']) {
      expect(() => loadPromoSettings({ PROMO_BONUS_AMOUNT: bad }), bad).toThrow(/PROMO_BONUS_AMOUNT/);
    }
  });

  it('the configured amount is what my-code announces (the bonus handler reads the same settings)', async () => {
    const other = await createTestApp({ env: { PROMO_BONUS_AMOUNT: '2.50' } });
    try {
      const a = await signUp(other);
      const res = await other.call({ method: 'GET', url: '/api/promo/my-code', headers: auth(a.accessToken) });
      expect(res.body.data.bonusPerReferral).toEqual({ amount: 250, currency: 'USD' });
    } finally {
      await other.close();
    }
  });
});
