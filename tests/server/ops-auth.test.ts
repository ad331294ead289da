/**
 * Operator sign-in and sessions (docs/ops.md "Signing in"): email code, TOTP second factor (set up at the first
 * sign-in), short sessions with their own audience, the renewal cookie, sign-out; the command-line tool's operator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, OPS_SESSION_LIMITS, totpCodeAt } from '../../server/modules/ops';
import { createTestApp, latestCode, uniqueEmail, uniqueIp, type TestApp } from './harness';
import { newOperator, operatorChallenge, sessionCookieOf, signInOperator } from './ops-support';
import { verifiedUser } from './wallet-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const me = (token: string) => t.call({ method: 'GET', url: '/api/ops/me', headers: { authorization: `Bearer ${token}` } });

describe('operator sign-in', () => {
  it('first sign-in: email code, then the authenticator is set up with its first code; the session works', async () => {
    const email = uniqueEmail('first');
    await createOperator(t.db, t.clock, { email, name: 'First Admin', roles: ['admin'] });
    const step = await operatorChallenge(t, email);
    expect(step.factor).toBe('enrollTotp');
    expect(step.enrollment?.uri).toMatch(/^otpauth:\/\/totp\/Tonic%20Wallet%20Ops:/);
    const wrong = await t.call({ method: 'POST', url: '/api/ops/auth/second-factor', payload: { challenge: step.challenge, code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ service: 'ops', code: 'SECOND_FACTOR_INVALID', details: { attemptsLeft: 4 } });
    const code = await totpCodeAt(step.enrollment!.secret, t.clock.now());
    const done = await t.call({ method: 'POST', url: '/api/ops/auth/second-factor', payload: { challenge: step.challenge, code } });
    expect(done.status).toBe(200);
    expect(done.body.data.operator).toMatchObject({ email, roles: ['admin'], secondFactorEnrolled: true, disabled: false });
    const setCookie = String(done.headers['set-cookie']);
    expect(setCookie).toMatch(/^ops_session=[A-Za-z0-9_-]{43}; Path=\/api\/ops\/auth; Max-Age=43200; HttpOnly; SameSite=Strict$/);
    expect((await me(done.body.data.accessToken)).body.data.email).toBe(email);
    // The challenge is used up: the same code (or any) for it again is refused.
    const again = await t.call({ method: 'POST', url: '/api/ops/auth/second-factor', payload: { challenge: step.challenge, code } });
    expect(again.body.error.code).toBe('CHALLENGE_EXPIRED');
  });

  it('later sign-ins ask for the authenticator code; a code is never accepted twice', async () => {
    const op = await newOperator(t, ['support']);
    t.clock.advance(61);
    const first = await operatorChallenge(t, op.email);
    expect(first).toMatchObject({ factor: 'totp', enrollment: null });
    t.clock.advance(61);
    const second = await operatorChallenge(t, op.email);
    const code = await totpCodeAt(op.secret, t.clock.now());
    expect((await t.call({ method: 'POST', url: '/api/ops/auth/second-factor', payload: { challenge: second.challenge, code } })).status).toBe(200);
    // The same code again, for the other (still open) challenge: refused (a code is accepted once).
    const replay = await t.call({ method: 'POST', url: '/api/ops/auth/second-factor', payload: { challenge: first.challenge, code } });
    expect(replay.body.error.code).toBe('SECOND_FACTOR_INVALID');
  });

  it('five wrong authenticator codes end the challenge', async () => {
    const op = await newOperator(t, ['support']);
    t.clock.advance(61);
    const step = await operatorChallenge(t, op.email);
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.call({ method: 'POST', url: '/api/ops/auth/second-factor', payload: { challenge: step.challenge, code: String(111111 + i) } });
      codes.push(res.body.error.code);
    }
    expect(codes).toEqual(['SECOND_FACTOR_INVALID', 'SECOND_FACTOR_INVALID', 'SECOND_FACTOR_INVALID', 'SECOND_FACTOR_INVALID', 'CHALLENGE_EXPIRED']);
    const right = await totpCodeAt(op.secret, t.clock.now());
    expect((await t.call({ method: 'POST', url: '/api/ops/auth/second-factor', payload: { challenge: step.challenge, code: right } })).body.error.code).toBe(
      'CHALLENGE_EXPIRED',
    );
  });

  it('an unknown or disabled address gets the same answer and no mail', async () => {
    const email = uniqueEmail('nobody');
    const res = await t.call({ method: 'POST', url: '/api/ops/auth/send-code', payload: { email }, remoteAddress: uniqueIp() });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ resendInSeconds: 60, expiresInSeconds: 600 });
    expect(await latestCode(t, email)).toBeNull();
    const guess = await t.call({ method: 'POST', url: '/api/ops/auth/verify-code', payload: { email, code: '123456' } });
    expect(guess.body.error.code).toBe('CODE_INVALID');
  });

  it("a user's sign-in code is not an operator's, nor the other way round", async () => {
    const op = await newOperator(t, ['support']);
    // A user account with the operator's address: its sign-in code does not sign the operator in.
    t.clock.advance(61);
    await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email: op.email, purpose: 'signin' }, remoteAddress: uniqueIp() });
    const userCode = await latestCode(t, op.email);
    expect(userCode).toBeNull(); // no user with that address: no code mailed
    t.clock.advance(61);
    await t.call({ method: 'POST', url: '/api/ops/auth/send-code', payload: { email: op.email }, remoteAddress: uniqueIp() });
    const opsCode = await latestCode(t, op.email);
    const asUser = await t.call({ method: 'POST', url: '/api/auth/verify-code', payload: { email: op.email, code: opsCode } });
    expect(asUser.status).toBe(400);
  });
});

describe('operator sessions', () => {
  it('the renewal cookie gives a new access token; sign-out ends the session and its tokens', async () => {
    const op = await newOperator(t, ['compliance']);
    const renewed = await t.call({ method: 'POST', url: '/api/ops/auth/refresh', payload: {}, headers: { cookie: op.cookie } });
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.operator.id).toBe(op.id);
    expect((await me(renewed.body.data.accessToken)).status).toBe(200);
    const out = await t.call({ method: 'POST', url: '/api/ops/auth/logout', payload: {}, headers: { cookie: op.cookie } });
    expect(out.body.data).toEqual({ signedOut: true });
    expect(sessionCookieOf(out.headers['set-cookie'])).toBe('ops_session=');
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    for (const token of [op.token, renewed.body.data.accessToken]) {
      const res = await me(token);
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ service: 'ops', code: 'OPS_SESSION_ENDED' });
    }
    expect((await t.call({ method: 'POST', url: '/api/ops/auth/refresh', payload: {}, headers: { cookie: op.cookie } })).status).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/ops/auth/refresh', payload: {} })).status).toBe(401);
  });

  it('short sessions: the access token lasts 10 minutes, the session ends after 30 idle minutes', async () => {
    const op = await newOperator(t, ['support']);
    t.clock.advance(OPS_SESSION_LIMITS.accessTokenTtlSeconds + 1);
    expect((await me(op.token)).status).toBe(401);
    const renewed = await t.call({ method: 'POST', url: '/api/ops/auth/refresh', payload: {}, headers: { cookie: op.cookie } });
    expect(renewed.status).toBe(200);
    t.clock.advance(OPS_SESSION_LIMITS.idleSeconds + 1);
    expect((await t.call({ method: 'POST', url: '/api/ops/auth/refresh', payload: {}, headers: { cookie: op.cookie } })).status).toBe(401);
  });

  it('a session ends 12 hours after its sign-in even when used', async () => {
    const op = await newOperator(t, ['support']);
    let token = op.token;
    for (let elapsed = 0; elapsed <= OPS_SESSION_LIMITS.maxSeconds; elapsed += 20 * 60) {
      t.clock.advance(20 * 60);
      const renewed = await t.call({ method: 'POST', url: '/api/ops/auth/refresh', payload: {}, headers: { cookie: op.cookie } });
      if (elapsed + 20 * 60 < OPS_SESSION_LIMITS.maxSeconds) {
        expect(renewed.status).toBe(200);
        token = renewed.body.data.accessToken;
      } else expect(renewed.status).toBe(401);
    }
    expect((await me(token)).status).toBe(401);
  });

  it('an operator token is refused by user endpoints, a user token by operator endpoints', async () => {
    const op = await newOperator(t, ['admin']);
    const user = await verifiedUser(t);
    const asUser = await t.call({ method: 'GET', url: '/api/users/me', headers: op.headers });
    expect(asUser.status).toBe(401);
    expect(asUser.body.error.code).toBe('UNAUTHORIZED');
    const asOperator = await t.call({ method: 'GET', url: '/api/ops/me', headers: user.headers });
    expect(asOperator.status).toBe(401);
    expect(asOperator.body.error.code).toBe('OPS_SESSION_ENDED');
  });

  it('a disabled operator is signed out at once; an admin cannot disable themselves', async () => {
    const admin = await newOperator(t, ['admin']);
    const support = await newOperator(t, ['support']);
    const self = await t.call({ method: 'PATCH', url: `/api/ops/operators/${admin.id}`, headers: admin.headers, payload: { disabled: true, reason: 'test' } });
    expect(self.body.error.code).toBe('OPERATOR_SELF_CHANGE');
    const res = await t.call({ method: 'PATCH', url: `/api/ops/operators/${support.id}`, headers: admin.headers, payload: { disabled: true, reason: 'left the team' } });
    expect(res.status).toBe(200);
    expect(res.body.data.disabled).toBe(true);
    expect((await me(support.token)).status).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/ops/auth/refresh', payload: {}, headers: { cookie: support.cookie } })).status).toBe(401);
    // And cannot sign in again (no code is mailed).
    t.clock.advance(61);
    await t.call({ method: 'POST', url: '/api/ops/auth/send-code', payload: { email: support.email }, remoteAddress: uniqueIp() });
    const codes = await t.call({ method: 'GET', url: `/api/dev/mailbox?email=${encodeURIComponent(support.email)}`, headers: { 'x-sandbox-token': t.config.sandboxToken } });
    expect(codes.body.data.messages).toHaveLength(1); // the first sign-in's only
  });

  it('a reset second factor is set up again at the next sign-in', async () => {
    const admin = await newOperator(t, ['admin']);
    const other = await newOperator(t, ['compliance']);
    const res = await t.call({ method: 'PATCH', url: `/api/ops/operators/${other.id}`, headers: admin.headers, payload: { resetSecondFactor: true, reason: 'lost phone' } });
    expect(res.body.data.secondFactorEnrolled).toBe(false);
    expect((await me(other.token)).status).toBe(401);
    const again = await signInOperator(t, { email: other.email });
    expect(again.secret).not.toBe(other.secret);
  });
});

describe('operators and the audit log', () => {
  it('an admin adds an operator; every sign-in and change is in the audit log', async () => {
    const admin = await newOperator(t, ['admin']);
    const email = uniqueEmail('added');
    const created = await t.call({ method: 'POST', url: '/api/ops/operators', headers: admin.headers, payload: { email, name: 'Sam Support', roles: ['support'] } });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ email, roles: ['support'], secondFactorEnrolled: false });
    const dup = await t.call({ method: 'POST', url: '/api/ops/operators', headers: admin.headers, payload: { email, name: 'Sam Again', roles: ['admin'] } });
    expect(dup.body.error.code).toBe('OPERATOR_EXISTS');
    const list = await t.call({ method: 'GET', url: '/api/ops/operators', headers: admin.headers });
    expect(list.body.data.items.map((o: { email: string }) => o.email)).toContain(email);
    const log = await t.call({ method: 'GET', url: `/api/ops/audit?operatorId=${admin.id}`, headers: admin.headers });
    expect(log.body.data.items.map((e: { action: string }) => e.action)).toEqual(['operator.created', 'operator.signedIn', 'operator.secondFactorEnrolled']);
    const created0 = log.body.data.items[0];
    expect(created0).toMatchObject({ targetType: 'operator', targetId: created.body.data.id, after: { email, roles: ['support'] }, operator: { id: admin.id } });
    // By action: exact, or a prefix ending in a dot (only the actions it starts; the searches above are not among them).
    const byAction = async (action: string) =>
      (await t.call({ method: 'GET', url: `/api/ops/audit?operatorId=${admin.id}&action=${encodeURIComponent(action)}`, headers: admin.headers })).body.data.items.map(
        (e: { action: string }) => e.action,
      );
    expect(await byAction('operator.created')).toEqual(['operator.created']);
    expect(await byAction('operator.')).toEqual(['operator.created', 'operator.signedIn', 'operator.secondFactorEnrolled']);
    expect(await byAction('kyc.')).toEqual([]);
    expect(await byAction('operator')).toEqual([]);
  });

  it('the audit log is append-only: UPDATE, DELETE and TRUNCATE are refused', async () => {
    for (const sql of ['UPDATE ops_audit_log SET action = $1', 'DELETE FROM ops_audit_log WHERE action <> $1', 'TRUNCATE ops_audit_log']) {
      await expect(t.db.query(sql, sql.startsWith('TRUNCATE') ? [] : ['x'])).rejects.toThrow(/append-only/);
    }
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ops_audit_log'))[0]!.n).toBeGreaterThan(0);
  });
});
