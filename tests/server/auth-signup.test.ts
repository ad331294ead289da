import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, latestCode, registrationForm, sandboxHeaders, signUp, uniqueEmail, uniqueIp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { VERIFICATION_DELAY_SECONDS: '20' } });
});
afterAll(() => t.close());

const sendCode = (email: string, purpose: 'signup' | 'signin', ip = uniqueIp()) =>
  t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email, purpose }, remoteAddress: ip });

describe('sign-up', () => {
  it('send-code → mailbox code → register → tokens and a profile', async () => {
    const email = uniqueEmail('Mixed.Case');
    const sent = await sendCode(email, 'signup');
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ resendInSeconds: 60, expiresInSeconds: 600 });
    const code = await latestCode(t, email.toLowerCase());
    expect(code).toMatch(/^\d{6}$/);

    const res = await t.call({ method: 'POST', url: '/api/auth/register', payload: { ...registrationForm(email), code } });
    expect(res.status).toBe(200);
    expect(res.body.data.user.name).toBe('Ada Lovelace');
    expect(res.body.data.accessToken.split('.')).toHaveLength(3);
    expect(res.body.data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await t.call({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${res.body.data.accessToken}` } });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      id: res.body.data.user.id,
      email: email.toLowerCase(),
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
      country: 'RUS',
      phoneNumber: '+79991234567',
      verificationStatus: 'under_verification',
      telegram: null,
    });
    expect(me.body.data.promoCode).toMatch(/^[A-Z0-9]{8}$/);
  });

  it('the code is single use', async () => {
    const email = uniqueEmail();
    await sendCode(email, 'signup');
    const code = await latestCode(t, email);
    const payload = { ...registrationForm(email), code };
    expect((await t.call({ method: 'POST', url: '/api/auth/register', payload })).status).toBe(200);
    const again = await t.call({ method: 'POST', url: '/api/auth/register', payload });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('CODE_EXPIRED');
  });

  it('sign-up for an existing email answers the same but mails a notice, no code', async () => {
    const { email } = await signUp(t);
    t.clock.advance(61); // past the resend cooldown of the sign-up code
    const res = await sendCode(email, 'signup');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ resendInSeconds: 60, expiresInSeconds: 600 });
    const mailbox = await t.call({ method: 'GET', url: `/api/dev/mailbox?email=${encodeURIComponent(email)}`, headers: sandboxHeaders(t) });
    expect(mailbox.body.data.messages[0]).toMatchObject({ kind: 'signup-existing-account', code: null });
    // Any code is wrong for it, exactly like a wrong code for a real one.
    const reg = await t.call({ method: 'POST', url: '/api/auth/register', payload: { ...registrationForm(email), code: '123456' } });
    expect(reg.status).toBe(400);
    expect(reg.body.error.code).toBe('CODE_INVALID');
  });

  it('register for an email taken after the code was sent → 409 EMAIL_TAKEN', async () => {
    const email = uniqueEmail();
    await sendCode(email, 'signup');
    const code = await latestCode(t, email);
    // Someone else completes a sign-up for the same email first (a second tab, say).
    await t.db.query(
      `INSERT INTO users (id, email, first_name, last_name, phone_number, country, promo_code, verification_status, created_at, updated_at)
       VALUES ('other', $1, 'O', 'T', '+79990000000', 'RUS', 'OTHER001', 'verified', now(), now())`,
      [email],
    );
    const res = await t.call({ method: 'POST', url: '/api/auth/register', payload: { ...registrationForm(email), code } });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ service: 'auth', code: 'EMAIL_TAKEN', fields: { email: expect.any(String) } });
  });

  it('unknown promo code → 400 PROMO_CODE_UNKNOWN on promoCode; the code stays usable without it', async () => {
    const email = uniqueEmail();
    await sendCode(email, 'signup');
    const code = await latestCode(t, email);
    const bad = await t.call({ method: 'POST', url: '/api/auth/register', payload: { ...registrationForm(email, { promoCode: 'NOSUCH99' }), code } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 'PROMO_CODE_UNKNOWN',
      message: 'Promo code not found',
      fields: { promoCode: 'Promo code not found' },
    });
    const ok = await t.call({ method: 'POST', url: '/api/auth/register', payload: { ...registrationForm(email), code } });
    expect(ok.status).toBe(200);
  });

  it('a valid promo code links the referrer', async () => {
    const referrer = await signUp(t);
    const me = await t.call({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${referrer.accessToken}` } });
    const promo = me.body.data.promoCode as string;
    const friend = await signUp(t, uniqueEmail(), { promoCode: promo });
    const [row] = await t.db.query<{ referred_by: string }>('SELECT referred_by FROM users WHERE id = $1', [friend.user.id]);
    expect(row?.referred_by).toBe(referrer.user.id);
  });

  it('every user gets a distinct promo code', async () => {
    const rows = await t.db.query<{ n: number; d: number }>('SELECT count(*) AS n, count(DISTINCT promo_code) AS d FROM users');
    expect(rows[0]!.n).toBe(rows[0]!.d);
  });
});

describe('verification state (sandbox)', () => {
  it('under_verification, then verified after the delay, evaluated on read', async () => {
    const user = await signUp(t);
    const auth = { authorization: `Bearer ${user.accessToken}` };
    expect((await t.call({ method: 'GET', url: '/api/users/me', headers: auth })).body.data.verificationStatus).toBe('under_verification');
    t.clock.advance(21);
    expect((await t.call({ method: 'GET', url: '/api/users/me', headers: auth })).body.data.verificationStatus).toBe('verified');
  });

  it('dev control sets either state', async () => {
    const user = await signUp(t);
    const auth = { authorization: `Bearer ${user.accessToken}` };
    const failed = await t.call({ method: 'POST', url: '/api/dev/users/verification', payload: { email: user.email, status: 'verification_failed' } });
    expect(failed.status).toBe(200);
    expect(failed.body.data.verificationStatus).toBe('verification_failed');
    t.clock.advance(600); // well past the 20 s delay: no automatic change once set by hand
    expect((await t.call({ method: 'GET', url: '/api/users/me', headers: auth })).body.data.verificationStatus).toBe('verification_failed');
    await t.call({ method: 'POST', url: '/api/dev/users/verification', payload: { email: user.email, status: 'verified' } });
    expect((await t.call({ method: 'GET', url: '/api/users/me', headers: auth })).body.data.verificationStatus).toBe('verified');
    const unknown = await t.call({ method: 'POST', url: '/api/dev/users/verification', payload: { email: uniqueEmail(), status: 'verified' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('USER_NOT_FOUND');
  });
});
