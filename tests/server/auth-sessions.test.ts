/**
 * Sessions end when the user ends them (sign-out revokes on the server), access tokens of a revoked
 * session are refused at once, and a duplicate refresh within the grace window gets the same successor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, latestCode, signUp, uniqueIp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refresh = (refreshToken: string) => t.call({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });
const logout = (refreshToken: string) => t.call({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken } });
const me = (token: string) => t.call({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
const wallet = (token: string) => t.call({ method: 'GET', url: '/api/wallet', headers: { authorization: `Bearer ${token}` } });
const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

const secondSignIn = async (email: string) => {
  await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email, purpose: 'signin' }, remoteAddress: uniqueIp() });
  const code = await latestCode(t, email);
  const res = await t.call({ method: 'POST', url: '/api/auth/verify-code', payload: { email, code } });
  expect(res.status).toBe(200);
  return res.body.data as { accessToken: string; refreshToken: string };
};

describe('access tokens name their session', () => {
  it('carry `sid`, the same through refreshes of one sign-in, another one for another sign-in', async () => {
    const user = await signUp(t);
    const sid = claims(user.accessToken).sid;
    expect(typeof sid).toBe('string');
    const rotated = await refresh(user.refreshToken);
    expect(claims(rotated.body.data.accessToken).sid).toBe(sid);
    const other = await secondSignIn(user.email);
    expect(claims(other.accessToken).sid).not.toBe(sid);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session: its refresh token and its access tokens are refused from then on', async () => {
    const user = await signUp(t);
    expect((await me(user.accessToken)).status).toBe(200);
    const res = await logout(user.refreshToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { signedOut: true } });

    const after = await me(user.accessToken);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('UNAUTHORIZED');
    expect((await wallet(user.accessToken)).status).toBe(401);
    const renewed = await refresh(user.refreshToken);
    expect(renewed.status).toBe(401);
    expect(renewed.body.error.code).toBe('REFRESH_TOKEN_INVALID');
  });

  it('is idempotent: an ended, rotated-away or unknown token still answers success', async () => {
    const user = await signUp(t);
    const rotated = (await refresh(user.refreshToken)).body.data as { accessToken: string; refreshToken: string };
    // The old (rotated) token of the family ends the session too: any token of a sign-in names it.
    expect((await logout(user.refreshToken)).body.data).toEqual({ signedOut: true });
    expect((await me(rotated.accessToken)).status).toBe(401);
    expect((await refresh(rotated.refreshToken)).status).toBe(401);
    expect((await logout(rotated.refreshToken)).status).toBe(200);
    expect((await logout(user.refreshToken)).status).toBe(200);
    expect((await logout('never-issued-token')).body).toEqual({ success: true, data: { signedOut: true } });
  });

  it('ends only that sign-in: the same user’s other sessions keep working', async () => {
    const user = await signUp(t);
    const other = await secondSignIn(user.email);
    await logout(user.refreshToken);
    expect((await me(user.accessToken)).status).toBe(401);
    expect((await me(other.accessToken)).status).toBe(200);
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it('a malformed body is a 400 in the envelope', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/logout', payload: {} });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('refresh: duplicate within the grace window', () => {
  it('two parallel refreshes of one token get the SAME successor, and both answers are usable', async () => {
    const user = await signUp(t);
    const [a, b] = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.data.refreshToken).toBe(a.body.data.refreshToken);
    expect(a.body.data.refreshToken).not.toBe(user.refreshToken);
    expect((await me(a.body.data.accessToken)).status).toBe(200);
    expect((await me(b.body.data.accessToken)).status).toBe(200);
    const next = await refresh(a.body.data.refreshToken);
    expect(next.status).toBe(200);
    expect((await me(next.body.data.accessToken)).status).toBe(200);
  });

  it('a late duplicate (30 s after the rotation, the default window) still gets the same successor', async () => {
    const user = await signUp(t);
    const first = await refresh(user.refreshToken);
    t.clock.advance(30);
    const late = await refresh(user.refreshToken);
    expect(late.status).toBe(200);
    expect(late.body.data.refreshToken).toBe(first.body.data.refreshToken);
    expect((await me(first.body.data.accessToken)).status).toBe(200);
  });

  it('reuse after the window revokes the family: its refresh and access tokens are refused', async () => {
    const user = await signUp(t);
    const first = (await refresh(user.refreshToken)).body.data as { accessToken: string; refreshToken: string };
    t.clock.advance(31);
    const reuse = await refresh(user.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body.error.code).toBe('REFRESH_TOKEN_REUSED');
    expect((await refresh(first.refreshToken)).body.error.code).toBe('REFRESH_TOKEN_INVALID');
    expect((await me(first.accessToken)).status).toBe(401);
    expect((await me(user.accessToken)).status).toBe(401);
  });

  it('a revoked session never gets a successor, even within the window', async () => {
    const user = await signUp(t);
    await refresh(user.refreshToken);
    await logout(user.refreshToken);
    const dup = await refresh(user.refreshToken);
    expect(dup.status).toBe(401);
    expect(dup.body.error.code).toBe('REFRESH_TOKEN_INVALID');
  });

  it('the successor is not stored in plain text', async () => {
    const user = await signUp(t);
    const successor = (await refresh(user.refreshToken)).body.data.refreshToken as string;
    const rows = await t.db.query<Record<string, unknown>>('SELECT * FROM refresh_tokens');
    const sessions = await t.db.query<Record<string, unknown>>('SELECT * FROM auth_sessions');
    const dump = JSON.stringify([rows, sessions], (_k, v) => (typeof v === 'bigint' ? String(v) : v));
    expect(dump).not.toContain(successor);
    expect(dump).not.toContain(user.refreshToken);
  });
});

describe('REFRESH_REUSE_GRACE_SECONDS', () => {
  it('0 turns the window off: any duplicate is a reuse', async () => {
    const strict = await createTestApp({ env: { REFRESH_REUSE_GRACE_SECONDS: '0' } });
    try {
      const user = await signUp(strict);
      const call = (token: string) => strict.call({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: token } });
      expect((await call(user.refreshToken)).status).toBe(200);
      expect((await call(user.refreshToken)).body.error.code).toBe('REFRESH_TOKEN_REUSED');
    } finally {
      await strict.close();
    }
  });
});
