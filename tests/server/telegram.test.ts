import { sign } from '@telegram-apps/init-data-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, latestCode, registrationForm, signUp, uniqueEmail, uniqueIp, type TestApp } from './harness';

const BOT_TOKEN = '1234567:AAtest-bot-token-for-tests_only';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN } });
});
afterAll(() => t.close());

let nextTelegramId = 700_000_000;
const tgUser = (id = nextTelegramId++) => ({ id, first_name: 'Tele', username: `tele${id}`, photo_url: 'https://t.me/i/userpic/1.jpg' });
const initData = (user = tgUser(), authDate = t.clock.now(), token = BOT_TOKEN) =>
  sign({ user, query_id: 'AAHdF6IQAAAAAN0XohDhrOrc', chat_type: 'sender' } as Parameters<typeof sign>[0], token, authDate);
const login = (header?: string, app = t) =>
  app.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { provider: 'telegram' },
    headers: header ? { 'x-telegram-init-data': header } : {},
  });

describe('Telegram init data', () => {
  it('register with valid init data links the Telegram account; one-tap login then works', async () => {
    const user = tgUser();
    const account = await signUp(t, uniqueEmail(), {}, { 'x-telegram-init-data': initData(user) });
    const me = await t.call({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${account.accessToken}` } });
    expect(me.body.data.telegram).toEqual({
      id: String(user.id),
      username: user.username,
      firstName: 'Tele',
      photoUrl: user.photo_url,
    });
    const res = await login(initData(user));
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(account.user.id);
  });

  it('verify-code links the Telegram account too', async () => {
    const account = await signUp(t);
    const user = tgUser();
    await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email: account.email, purpose: 'signin' }, remoteAddress: uniqueIp() });
    const code = await latestCode(t, account.email);
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/verify-code',
      payload: { email: account.email, code },
      headers: { 'x-telegram-init-data': initData(user) },
    });
    expect(res.status).toBe(200);
    expect((await login(initData(user))).body.data.user.id).toBe(account.user.id);
  });

  it('forged init data → 401 TELEGRAM_INIT_DATA_INVALID, and the email code is not spent', async () => {
    const email = uniqueEmail();
    await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email, purpose: 'signup' }, remoteAddress: uniqueIp() });
    const code = await latestCode(t, email);
    const forged = initData(tgUser(), t.clock.now(), '7654321:AAanother-bot-token');
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...registrationForm(email), code },
      headers: { 'x-telegram-init-data': forged },
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('TELEGRAM_INIT_DATA_INVALID');
    expect((await login(forged)).body.error.code).toBe('TELEGRAM_INIT_DATA_INVALID');
    const tampered = initData().replace(/first_name%22%3A%22Tele/, 'first_name%22%3A%22Evil');
    expect((await login(tampered)).status).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/auth/register', payload: { ...registrationForm(email), code } })).status).toBe(200);
  });

  it('stale init data (older than 24 h) → 401', async () => {
    const stale = initData(tgUser(), new Date(t.clock.now().getTime() - 25 * 3600 * 1000));
    const res = await login(stale);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('TELEGRAM_INIT_DATA_INVALID');
    expect(res.body.error.message).toMatch(/too old/);
  });

  it('login: missing header → 401; Telegram user not linked → 404 TELEGRAM_NOT_LINKED', async () => {
    expect((await login()).body.error.code).toBe('TELEGRAM_INIT_DATA_INVALID');
    const res = await login(initData(tgUser()));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('TELEGRAM_NOT_LINKED');
  });

  it('without a bot token: login refused, init data ignored (nothing linked)', async () => {
    const noBot = await createTestApp();
    try {
      const res = await login(initData(), noBot);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('TELEGRAM_LOGIN_UNAVAILABLE');
      const account = await signUp(noBot, uniqueEmail(), {}, { 'x-telegram-init-data': initData() });
      const me = await noBot.call({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${account.accessToken}` } });
      expect(me.body.data.telegram).toBeNull();
    } finally {
      await noBot.close();
    }
  });

  it('a Telegram account linked to account A never moves to B: register → 409 TELEGRAM_ALREADY_LINKED, code not spent', async () => {
    const tg = tgUser();
    const a = await signUp(t, uniqueEmail(), {}, { 'x-telegram-init-data': initData(tg) });
    const email = uniqueEmail();
    await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email, purpose: 'signup' }, remoteAddress: uniqueIp() });
    const code = await latestCode(t, email);
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...registrationForm(email), code },
      headers: { 'x-telegram-init-data': initData(tg) },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ service: 'auth', code: 'TELEGRAM_ALREADY_LINKED' });
    expect(res.body.error.message).toMatch(/already linked to another account/);
    // A keeps its link; no account B was created; the code still works without the Telegram identity.
    expect((await login(initData(tg))).body.data.user.id).toBe(a.user.id);
    const plain = await t.call({ method: 'POST', url: '/api/auth/register', payload: { ...registrationForm(email), code } });
    expect(plain.status).toBe(200);
    const meB = await t.call({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${plain.body.data.accessToken}` } });
    expect(meB.body.data.telegram).toBeNull();
  });

  it('verify-code into B from a Telegram account linked to A → 409 TELEGRAM_ALREADY_LINKED; A keeps it', async () => {
    const tg = tgUser();
    const a = await signUp(t, uniqueEmail(), {}, { 'x-telegram-init-data': initData(tg) });
    const b = await signUp(t);
    await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email: b.email, purpose: 'signin' }, remoteAddress: uniqueIp() });
    const code = await latestCode(t, b.email);
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/verify-code',
      payload: { email: b.email, code },
      headers: { 'x-telegram-init-data': initData(tg) },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('TELEGRAM_ALREADY_LINKED');
    expect((await login(initData(tg))).body.data.user.id).toBe(a.user.id);
    const meA = await t.call({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${a.accessToken}` } });
    expect(meA.body.data.telegram.id).toBe(String(tg.id));
  });

  it('signing in again from the same Telegram account into the same account is fine', async () => {
    const tg = tgUser();
    const a = await signUp(t, uniqueEmail(), {}, { 'x-telegram-init-data': initData(tg) });
    await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email: a.email, purpose: 'signin' }, remoteAddress: uniqueIp() });
    const code = await latestCode(t, a.email);
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/verify-code',
      payload: { email: a.email, code },
      headers: { 'x-telegram-init-data': initData(tg) },
    });
    expect(res.status).toBe(200);
  });

  it('with a bot token, a plain browser (no init data) signs up and signs in by email', async () => {
    const account = await signUp(t);
    await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email: account.email, purpose: 'signin' }, remoteAddress: uniqueIp() });
    const code = await latestCode(t, account.email);
    const res = await t.call({ method: 'POST', url: '/api/auth/verify-code', payload: { email: account.email, code } });
    expect(res.status).toBe(200);
    const me = await t.call({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${res.body.data.accessToken}` } });
    expect(me.body.data.telegram).toBeNull();
  });
});
