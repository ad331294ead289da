/**
 * Sessions you can see and end (issue #15): each sign-in records its device, Telegram platform and client version,
 * first and last seen; the list marks this device; ending one (or all others) refuses its very next call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, latestCode, signUp, uniqueIp, type TestApp } from './harness';
import { bearer } from './wallet-support';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (token: string) => t.call({ method: 'GET', url: '/api/users/me/sessions', headers: bearer(token) });
const endOne = (token: string, sessionId: string) => t.call({ method: 'POST', url: `/api/users/me/sessions/${encodeURIComponent(sessionId)}/end`, headers: bearer(token) });
const endOthers = (token: string) => t.call({ method: 'POST', url: '/api/users/me/sessions/end-others', headers: bearer(token) });
const me = (token: string) => t.call({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
const sid = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')).sid as string;

const signIn = async (app: TestApp, email: string, headers: Record<string, string> = {}) => {
  await app.call({ method: 'POST', url: '/api/auth/send-code', payload: { email, purpose: 'signin' }, remoteAddress: uniqueIp() });
  const code = await latestCode(app, email);
  const res = await app.call({ method: 'POST', url: '/api/auth/verify-code', payload: { email, code }, headers });
  expect(res.status).toBe(200);
  return res.body.data as { accessToken: string; refreshToken: string };
};

describe('GET /api/users/me/sessions', () => {
  it('lists each sign-in with its device, Telegram client and times; this device first and marked', async () => {
    const phone = await signUp(t, undefined, {}, { 'user-agent': ANDROID_CHROME, 'x-telegram-client': 'android/8.0' });
    t.clock.advance(30);
    const laptop = await signIn(t, phone.email, { 'user-agent': IPHONE_SAFARI });

    const fromLaptop = await list(laptop.accessToken);
    expect(fromLaptop.status).toBe(200);
    expect(fromLaptop.body.data.items).toEqual([
      {
        id: sid(laptop.accessToken),
        current: true,
        device: 'Safari 17 · iOS',
        platform: null,
        clientVersion: null,
        country: null,
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
      },
      {
        id: sid(phone.accessToken),
        current: false,
        device: 'Chrome 131 · Android',
        platform: 'android',
        clientVersion: '8.0',
        country: null,
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
      },
    ]);
    const fromPhone = (await list(phone.accessToken)).body.data.items;
    expect(fromPhone.map((s: { current: boolean }) => s.current)).toEqual([true, false]);
    expect(fromPhone[0].id).toBe(sid(phone.accessToken));
  });

  it('last seen moves on a request at most once a minute, and on every refresh', async () => {
    const user = await signUp(t);
    const first = (await list(user.accessToken)).body.data.items[0];
    expect(first.lastSeenAt).toBe(first.createdAt);
    t.clock.advance(30);
    await me(user.accessToken);
    expect((await list(user.accessToken)).body.data.items[0].lastSeenAt).toBe(first.createdAt);
    t.clock.advance(31);
    await me(user.accessToken);
    const seen = (await list(user.accessToken)).body.data.items[0].lastSeenAt;
    expect(new Date(seen).getTime() - new Date(first.createdAt).getTime()).toBe(61_000);
    t.clock.advance(10);
    const refreshed = await t.call({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: user.refreshToken },
      headers: { 'x-telegram-client': 'tdesktop/9.1' },
    });
    const after = (await list(refreshed.body.data.accessToken)).body.data.items[0];
    expect(new Date(after.lastSeenAt).getTime() - new Date(first.createdAt).getTime()).toBe(71_000);
    expect(after).toMatchObject({ platform: 'tdesktop', clientVersion: '9.1' });
  });

  it('ignores malformed client headers and a country header nobody trusted', async () => {
    const user = await signUp(t, undefined, {}, { 'x-telegram-client': '<script>/1', 'cf-ipcountry': 'DE', 'user-agent': 'x'.repeat(5000) });
    expect((await list(user.accessToken)).body.data.items[0]).toMatchObject({ platform: null, clientVersion: null, country: null, device: null });
  });

  it('takes the country from CF-IPCountry when a proxy is trusted (TRUST_PROXY)', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const user = await signUp(proxied, undefined, {}, { 'cf-ipcountry': 'de' });
      const res = await proxied.call({ method: 'GET', url: '/api/users/me/sessions', headers: bearer(user.accessToken) });
      expect(res.body.data.items[0].country).toBe('DE');
      const unknown = await signIn(proxied, user.email, { 'cf-ipcountry': 'XX' });
      const items = (await proxied.call({ method: 'GET', url: '/api/users/me/sessions', headers: bearer(unknown.accessToken) })).body.data.items;
      expect(items[0].country).toBeNull();
    } finally {
      await proxied.close();
    }
  });

  it('does not list ended sessions', async () => {
    const user = await signUp(t);
    const other = await signIn(t, user.email);
    await t.call({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: other.refreshToken } });
    expect((await list(user.accessToken)).body.data.items.map((s: { id: string }) => s.id)).toEqual([sid(user.accessToken)]);
  });
});

describe('ending sessions', () => {
  it('ends one: its next call is refused at once, its refresh token too; this device keeps working', async () => {
    const user = await signUp(t);
    const other = await signIn(t, user.email);
    expect((await me(other.accessToken)).status).toBe(200);
    const res = await endOne(user.accessToken, sid(other.accessToken));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ended: true });
    const refused = await me(other.accessToken);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('UNAUTHORIZED');
    expect((await t.call({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: other.refreshToken } })).status).toBe(401);
    expect((await me(user.accessToken)).status).toBe(200);
    expect((await list(user.accessToken)).body.data.items).toHaveLength(1);
    // Ending it again: it is gone.
    expect((await endOne(user.accessToken, sid(other.accessToken))).body.error).toMatchObject({ code: 'SESSION_NOT_FOUND', service: 'auth' });
  });

  it("refuses another user's session exactly like an unknown one, and ends nothing", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const foreign = await endOne(b.accessToken, sid(a.accessToken));
    const unknown = await endOne(b.accessToken, '00000000-0000-0000-0000-000000000000');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect((await me(a.accessToken)).status).toBe(200);
  });

  it('ends all others: each of them is refused, this one works', async () => {
    const user = await signUp(t);
    const second = await signIn(t, user.email);
    t.clock.advance(61); // the resend cooldown between two codes to one address
    const third = await signIn(t, user.email);
    const res = await endOthers(second.accessToken);
    expect(res.body.data).toEqual({ ended: 2 });
    expect((await me(user.accessToken)).status).toBe(401);
    expect((await me(third.accessToken)).status).toBe(401);
    expect((await me(second.accessToken)).status).toBe(200);
    expect((await list(second.accessToken)).body.data.items.map((s: { id: string }) => s.id)).toEqual([sid(second.accessToken)]);
    expect((await endOthers(second.accessToken)).body.data).toEqual({ ended: 0 });
  });

  it('ending the current session is a sign-out', async () => {
    const user = await signUp(t);
    expect((await endOne(user.accessToken, sid(user.accessToken))).status).toBe(200);
    expect((await me(user.accessToken)).status).toBe(401);
  });

  it('needs a token', async () => {
    expect((await t.call({ method: 'GET', url: '/api/users/me/sessions' })).status).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/users/me/sessions/end-others' })).status).toBe(401);
  });
});
