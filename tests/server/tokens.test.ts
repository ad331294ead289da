import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, latestCode, signUp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refresh = (refreshToken: string) => t.call({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });
const me = (token?: string) =>
  t.call({ method: 'GET', url: '/api/users/me', headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

describe('refresh tokens', () => {
  it('rotates on every refresh', async () => {
    const user = await signUp(t);
    const first = await refresh(user.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body.data.refreshToken).not.toBe(user.refreshToken);
    expect((await me(first.body.data.accessToken)).status).toBe(200);
    const second = await refresh(first.body.data.refreshToken);
    expect(second.status).toBe(200);
  });

  it('reusing a rotated token (after the 30 s duplicate window) → 401 REFRESH_TOKEN_REUSED and the whole family is revoked', async () => {
    const user = await signUp(t);
    const rotated = await refresh(user.refreshToken);
    const current = rotated.body.data.refreshToken as string;
    t.clock.advance(31);
    const reuse = await refresh(user.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body.error.code).toBe('REFRESH_TOKEN_REUSED');
    const afterRevoke = await refresh(current);
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.body.error.code).toBe('REFRESH_TOKEN_INVALID');
  });

  it('other sign-ins (families) survive a reuse in one family', async () => {
    const user = await signUp(t);
    await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email: user.email, purpose: 'signin' }, remoteAddress: '10.9.9.9' });
    const code = await latestCode(t, user.email);
    const second = await t.call({ method: 'POST', url: '/api/auth/verify-code', payload: { email: user.email, code } });
    await refresh(user.refreshToken);
    t.clock.advance(31);
    expect((await refresh(user.refreshToken)).body.error.code).toBe('REFRESH_TOKEN_REUSED');
    expect((await refresh(second.body.data.refreshToken)).status).toBe(200);
  });

  it('unknown token → 401 REFRESH_TOKEN_INVALID; expired after 30 days → REFRESH_TOKEN_EXPIRED', async () => {
    expect((await refresh('not-a-token')).body.error.code).toBe('REFRESH_TOKEN_INVALID');
    const user = await signUp(t);
    t.clock.advance(30 * 24 * 3600 + 1);
    const res = await refresh(user.refreshToken);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('REFRESH_TOKEN_EXPIRED');
  });

  it('tokens are stored hashed', async () => {
    const user = await signUp(t);
    const rows = await t.db.query('SELECT 1 FROM refresh_tokens WHERE token_hash = $1', [user.refreshToken]);
    expect(rows).toHaveLength(0);
  });
});

describe('GET /api/users/me', () => {
  it('without a token → 401 UNAUTHORIZED', async () => {
    const res = await me();
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
  });

  it('with a malformed or forged token → 401', async () => {
    expect((await me('garbage')).status).toBe(401);
    const user = await signUp(t);
    const [header, payload] = user.accessToken.split('.');
    expect((await me(`${header}.${payload}.invalidsignatureinvalidsignatureinvalid`)).status).toBe(401);
    const other = await t.call({ method: 'GET', url: '/api/users/me', headers: { authorization: `Basic ${user.accessToken}` } });
    expect(other.status).toBe(401);
  });

  it('an access token expires after 15 minutes', async () => {
    const user = await signUp(t);
    expect((await me(user.accessToken)).status).toBe(200);
    t.clock.advance(15 * 60 + 1);
    const res = await me(user.accessToken);
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/expired/);
  });

  it('a token verified before (remembered by the process) still expires on the second, like a fresh one', async () => {
    const user = await signUp(t);
    expect((await me(user.accessToken)).status).toBe(200);
    t.clock.advance(15 * 60 - 1);
    expect((await me(user.accessToken)).status).toBe(200);
    t.clock.advance(1);
    const res = await me(user.accessToken);
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/expired/);
  });
});
