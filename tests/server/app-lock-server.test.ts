/**
 * The app lock holds at the server (issue #31 item 3, docs/auth.md "App lock"): the lock state lives per session;
 * a locked session is answered only by the lock's status, unlock and lock calls (423 APP_LOCKED everywhere else, on
 * every endpoint of the registry); sensitive calls need an unlock younger than the step-up window even on an unlocked
 * session (403 STEP_UP_REQUIRED, every endpoint that declares `step-up`). And one user's passcode storm neither slows
 * another user's unlock nor runs unlimited (issue #31 item 4: limits per user and per address, the fair hash pool).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList, type EndpointDef } from '@/shared/contract';
import { FairHashPool } from '../../server/modules/app-lock';
import { createTestApp, latestCode, uniqueIp, type TestApp } from './harness';
import { bearer, depositUsdt, verifiedUser, type TestUser } from './wallet-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (user: Pick<TestUser, 'headers'>, method: string, url: string, payload?: object, ip = uniqueIp()) =>
  t.call({ method: method as 'GET', url, headers: { ...user.headers, 'idempotency-key': randomUUID() }, ...(payload ? { payload } : {}), remoteAddress: ip });

/** Another sign-in of the same account (its own session). */
const anotherSession = async (user: TestUser): Promise<TestUser> => {
  await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email: user.email, purpose: 'signin' }, remoteAddress: uniqueIp() });
  const res = await t.call({ method: 'POST', url: '/api/auth/verify-code', payload: { email: user.email, code: await latestCode(t, user.email) } });
  t.clock.advance(61); // the resend cooldown, for the next one
  return { ...user, token: res.body.data.accessToken, refreshToken: res.body.data.refreshToken, headers: bearer(res.body.data.accessToken) };
};

const withLock = async (passcode = '2468'): Promise<{ user: TestUser; other: TestUser }> => {
  const user = await verifiedUser(t);
  const other = await anotherSession(user);
  expect((await call(user, 'POST', '/api/app-lock/passcode', { passcode })).body.data.result).toBe('ok');
  return { user, other };
};

const expectLocked = (res: { status: number; body: any }, where = '') => {
  expect(res.status, `${where} ${JSON.stringify(res.body)}`).toBe(423);
  expect(res.body, where).toMatchObject({ success: false, error: { service: 'api', code: 'APP_LOCKED' } });
};

/** A request per endpoint, as a client would send it (ids that exist nowhere: the lock is checked before anything else). */
const requestOf = (endpoint: EndpointDef) => ({
  method: endpoint.method,
  url: endpoint.path.replace(/\{\w+\}/g, 'x0000000000000000'),
  payload: endpoint.body ? {} : undefined,
});

describe('the lock state lives per session at the server', () => {
  it('setting the passcode locks the account\'s other sessions: wallet, card data, withdraw, sessions list all refused (4 of 4 answered 200 before)', async () => {
    const { other } = await withLock();
    await depositUsdt(t, other, 50).catch(() => undefined); // the deposit is the sandbox's, not the locked session's
    expectLocked(await call(other, 'GET', '/api/wallet'), 'wallet (its session checked with the read)');
    expectLocked(await call(other, 'POST', '/api/cards/sensitive', { cardId: 'crd_x', publicKey: { kty: 'EC' } }), 'reveal');
    expectLocked(await call(other, 'POST', '/api/cards/crd_x/withdraw', { amount: 1_00 }), 'withdraw');
    expectLocked(await call(other, 'GET', '/api/users/me/sessions'), 'sessions');
    // Its lock's own calls answer; an unlock opens the session.
    expect((await call(other, 'GET', '/api/app-lock')).body.data).toMatchObject({ enabled: true, locked: true });
    expect((await call(other, 'POST', '/api/app-lock/unlock', { passcode: '2468' })).body.data.result).toBe('ok');
    expect((await call(other, 'GET', '/api/wallet')).status).toBe(200);
    expect((await call(other, 'GET', '/api/app-lock')).body.data.locked).toBe(false);
  });

  it('the app locks itself (POST /api/app-lock/lock): the session is locked at the server until an unlock, also by biometry', async () => {
    const { user } = await withLock('1357');
    const bio = randomBytes(32).toString('base64url');
    expect((await call(user, 'POST', '/api/app-lock/biometry', { biometricToken: bio, passcode: '1357' })).body.data.result).toBe('ok');
    expect((await call(user, 'POST', '/api/app-lock/lock')).body.data).toMatchObject({ enabled: true, locked: true });
    expectLocked(await call(user, 'GET', '/api/cards'), 'cards (session checked with the read)');
    expectLocked(await call(user, 'POST', '/api/app-lock/off', { passcode: '1357' }), 'turning the lock off needs an unlock first');
    // A wrong passcode leaves it locked; the biometric token unlocks.
    expect((await call(user, 'POST', '/api/app-lock/unlock', { passcode: '0000' })).body.data.result).toBe('wrong');
    expectLocked(await call(user, 'GET', '/api/users/me'));
    expect((await call(user, 'POST', '/api/app-lock/unlock-biometric', { biometricToken: bio })).body.data.result).toBe('ok');
    expect((await call(user, 'GET', '/api/users/me')).status).toBe(200);
  });

  it('a session idle past the lock\'s inactivity time is locked at the server; its refresh does not unlock it', async () => {
    const { user } = await withLock('8642');
    expect((await call(user, 'PATCH', '/api/app-lock/settings', { autoLockSeconds: 60 })).status).toBe(200);
    t.clock.advance(60 + 59);
    expect((await call(user, 'GET', '/api/users/me')).status).toBe(200); // within the time (and its minute of grace)
    t.clock.advance(60 + 61);
    const refreshed = await t.call({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: user.refreshToken } });
    expect(refreshed.status).toBe(200);
    const again = { ...user, headers: bearer(refreshed.body.data.accessToken) };
    expectLocked(await call(again, 'GET', '/api/users/me'));
    expect((await call(again, 'GET', '/api/app-lock')).body.data.locked).toBe(true);
    expect((await call(again, 'POST', '/api/app-lock/unlock', { passcode: '8642' })).body.data.result).toBe('ok');
    expect((await call(again, 'GET', '/api/users/me')).status).toBe(200);
  });

  it('a locked session exchanges nothing, also on a quote the process already knows (the exchange\'s one-statement path), locked or idle', async () => {
    const { user, other } = await withLock('9753');
    await depositUsdt(t, user, 50);
    const usdRub = async (who: TestUser) => (await call(who, 'GET', '/api/config/exchange-rates')).body.data.rates.find((r: { from: string; to: string }) => r.from === 'USD' && r.to === 'RUB');
    const wallet = async () => (await call(user, 'GET', '/api/wallet')).body.data.balances;
    const rate = await usdRub(user); // the quote is now known to this process
    const before = await wallet();
    expectLocked(await call(other, 'POST', '/api/wallet/exchange', { quoteId: rate.quoteId, from: 'USD', to: 'RUB', amount: 10_00 }), 'exchange (locked)');
    // Idle past the inactivity time (the session unlocked before): locked too.
    expect((await call(user, 'PATCH', '/api/app-lock/settings', { autoLockSeconds: 60 })).status).toBe(200);
    t.clock.advance(60 + 61);
    const fresh = await usdRub(await verifiedUser(t)); // quotes are shared: a live one, known to this process
    expectLocked(await call(user, 'POST', '/api/wallet/exchange', { quoteId: fresh.quoteId, from: 'USD', to: 'RUB', amount: 10_00 }), 'exchange (idle)');
    expect((await call(user, 'POST', '/api/app-lock/unlock', { passcode: '9753' })).body.data.result).toBe('ok');
    expect(await wallet()).toEqual(before);
  });

  it('without a lock nothing is locked: the lock call changes nothing', async () => {
    const user = await verifiedUser(t);
    expect((await call(user, 'POST', '/api/app-lock/lock')).body.data).toMatchObject({ enabled: false, locked: false });
    expect((await call(user, 'GET', '/api/wallet')).status).toBe(200);
  });

  it('EVERY bearer endpoint of the registry refuses a locked session with 423, except those marked whileLocked', async () => {
    const { other } = await withLock('9753');
    const allowed = endpointList.filter((e) => e.whileLocked).map((e) => e.id).sort();
    expect(allowed).toEqual(['appLock.lock', 'appLock.status', 'appLock.unlock', 'appLock.unlockBiometric']);
    for (const endpoint of endpointList.filter((e) => e.auth === 'bearer' && !e.whileLocked)) {
      const { method, url, payload } = requestOf(endpoint as EndpointDef);
      expectLocked(await call(other, method, url, payload), endpoint.id);
    }
    for (const id of ['appLock.status', 'appLock.lock'] as const) {
      const { method, url, payload } = requestOf(endpointList.find((e) => e.id === id) as EndpointDef);
      expect((await call(other, method, url, payload)).status, id).toBe(200);
    }
  });
});

describe('step-up: sensitive calls need a recent unlock, even on an unlocked session', () => {
  const cardId = 'crd_0000000000000000000000';
  const validKey = { kty: 'EC', crv: 'P-256', x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU', y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0' };
  /** A request per endpoint that declares `step-up` (unconditionally); the first test fails when the list drifts. */
  const stepUpRequests: Record<string, { method: string; url: string; payload?: object }> = {
    'cards.sensitive': { method: 'POST', url: '/api/cards/sensitive', payload: { cardId, publicKey: validKey } },
    'account.emailSendCode': { method: 'POST', url: '/api/users/me/email/send-code', payload: { email: `new-${randomUUID()}@example.com` } },
    'account.emailConfirm': { method: 'POST', url: '/api/users/me/email/confirm', payload: { email: 'x@example.com', code: '123456' } },
    'account.endSession': { method: 'POST', url: `/api/users/me/sessions/${randomUUID()}/end` },
    'account.endOtherSessions': { method: 'POST', url: '/api/users/me/sessions/end-others' },
    'account.delete': { method: 'POST', url: '/api/users/me/delete', payload: { confirm: true } },
    // Issue #36: money out is confirmed by the app lock (step-up) and an email code.
    'withdrawals.addAddress': { method: 'POST', url: '/api/withdrawals/addresses', payload: { address: 'TCNtTa1rveKkovHR2ebABu4K66U6ocUCZX', label: 'x' } },
    'withdrawals.usdt': { method: 'POST', url: '/api/withdrawals/usdt', payload: { addressId: 'wad_x', amount: 10_00, fee: { amount: 100, currency: 'USD' }, code: '123456' } },
    'withdrawals.sbp': { method: 'POST', url: '/api/withdrawals/sbp', payload: { bankId: '100000000111', amount: 100_00, fee: { amount: 0, currency: 'RUB' }, code: '123456' } },
  };

  it('declared in the contract: these endpoints always; a passcode change and a biometric registration carry the passcode instead', () => {
    const declared = (kind: 'always' | 'some') =>
      endpointList
        .filter((e) => (e.requires ?? []).some((r) => (kind === 'always' ? r === 'step-up' : typeof r !== 'string' && r.guard === 'step-up')))
        .map((e) => e.id)
        .sort();
    expect(declared('always')).toEqual(Object.keys(stepUpRequests).sort());
    expect(declared('some')).toEqual(['appLock.biometryAdd', 'appLock.setPasscode']);
  });

  it('past APP_LOCK_STEP_UP_SECONDS since the last unlock: 403 STEP_UP_REQUIRED on every one; an unlock lets them through', async () => {
    const { user } = await withLock('3691');
    t.clock.advance(121); // the passcode set was the last proof; the inactivity time (5 min) has not passed
    expect((await call(user, 'GET', '/api/wallet')).status).toBe(200);
    for (const [id, request] of Object.entries(stepUpRequests)) {
      const res = await call(user, request.method, request.url, request.payload);
      expect({ id, status: res.status, code: res.body.error?.code }).toEqual({ id, status: 403, code: 'STEP_UP_REQUIRED' });
    }
    expect((await call(user, 'POST', '/api/app-lock/unlock', { passcode: '3691' })).body.data.result).toBe('ok');
    for (const [id, request] of Object.entries(stepUpRequests)) {
      const res = await call(user, request.method, request.url, request.payload);
      expect({ id, passed: res.body.error?.code !== 'STEP_UP_REQUIRED' }).toEqual({ id, passed: true });
    }
  });

  it('a passcode change proves itself with the current passcode (no separate step-up); without a lock there is nothing to step up', async () => {
    const { user } = await withLock('4815');
    t.clock.advance(200);
    expect((await call(user, 'POST', '/api/app-lock/passcode', { passcode: '1623', currentPasscode: '4815' })).body.data.result).toBe('ok');
    const plain = await verifiedUser(t);
    t.clock.advance(200);
    expect((await call(plain, 'POST', '/api/users/me/sessions/end-others')).status).toBe(200);
  });
});

describe('one user\'s passcode storm (issue #31 item 4)', () => {
  it('calls that run a slow hash are limited per user: 429 RATE_LIMITED with Retry-After, never counted as tries', async () => {
    const { user } = await withLock('2580');
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) answers.push((await call(user, 'POST', '/api/app-lock/unlock', { passcode: '2580' })).status);
    expect(answers.slice(0, 19).every((s) => s === 200)).toBe(true); // the passcode set counted one
    const refused = await call(user, 'POST', '/api/app-lock/unlock', { passcode: '2580' });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(61);
    expect((await call(user, 'POST', '/api/app-lock/unlock', { passcode: '2580' })).body.data).toMatchObject({ result: 'ok', triesLeft: 5 });
  });

  it('and per client address, across users', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    let asker = await verifiedUser(t);
    for (let i = 0; i < 62; i++) {
      if (i > 0 && i % 15 === 0) asker = await verifiedUser(t); // under the per-user limit: the address's is what is tested
      statuses.push((await call(asker, 'POST', '/api/app-lock/unlock', { passcode: '1111' }, ip)).status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
  });

  it("the hash pool serves users in turn: another user's call waits behind one call of the storm, not all of it", async () => {
    const pool = new FairHashPool(1, 1000);
    const started: string[] = [];
    const release: Array<() => void> = [];
    const task = (name: string) => () =>
      new Promise<void>((resolve) => {
        started.push(name);
        release.push(resolve);
      });
    const storm = Array.from({ length: 200 }, (_, i) => pool.run('storm', task(`storm-${i}`)));
    const other = pool.run('other', task('other'));
    // The first storm call runs; then the other user's, before the storm's second.
    release.shift()!();
    await new Promise((r) => setImmediate(r));
    expect(started.slice(0, 2)).toEqual(['storm-0', 'other']);
    while (release.length) {
      release.shift()!();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all([...storm, other]);
    expect(started).toHaveLength(201);
    // A user with as many calls waiting as allowed is refused at once.
    const small = new FairHashPool(1, 2);
    const hold = small.run('u', () => new Promise<void>(() => undefined));
    void small.run('u', async () => undefined);
    void small.run('u', async () => undefined);
    await expect(small.run('u', async () => undefined)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    void hold;
  });
});
