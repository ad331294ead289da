import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, latestCode, sandboxHeaders, signUp, uniqueEmail, uniqueIp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sendCode = (email: string, purpose: 'signup' | 'signin' = 'signin', ip = uniqueIp()) =>
  t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email, purpose }, remoteAddress: ip });
const verify = (email: string, code: string) => t.call({ method: 'POST', url: '/api/auth/verify-code', payload: { email, code } });
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('sign-in with an email code', () => {
  it('send-code (signin) → verify-code → tokens for the same user', async () => {
    const user = await signUp(t);
    expect((await sendCode(user.email)).status).toBe(200);
    const code = (await latestCode(t, user.email))!;
    const res = await verify(user.email, code);
    expect(res.status).toBe(200);
    expect(res.body.data.user).toEqual(user.user);
    expect(res.body.data.accessToken).toBeTruthy();
    expect(res.body.data.refreshToken).not.toBe(user.refreshToken);
  });

  it('unknown email: the same answer, a notice instead of a code, any code is "incorrect"', async () => {
    const email = uniqueEmail('ghost');
    const res = await sendCode(email);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ resendInSeconds: 60, expiresInSeconds: 600 });
    const mailbox = await t.call({ method: 'GET', url: `/api/dev/mailbox?email=${email}`, headers: sandboxHeaders(t) });
    expect(mailbox.body.data.messages[0]).toMatchObject({ kind: 'signin-unknown-account', code: null });
    const attempt = await verify(email, '123456');
    expect(attempt.status).toBe(400);
    expect(attempt.body.error.code).toBe('CODE_INVALID');
  });

  it('verify without any code requested → CODE_EXPIRED', async () => {
    const res = await verify(uniqueEmail(), '123456');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'CODE_EXPIRED', fields: { code: expect.any(String) } });
  });

  it('five wrong codes invalidate the code, even the right one is refused afterwards', async () => {
    const user = await signUp(t);
    await sendCode(user.email);
    const code = (await latestCode(t, user.email))!;
    for (let left = 4; left >= 1; left--) {
      const res = await verify(user.email, wrong(code));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('CODE_INVALID');
      expect(res.body.error.message).toContain(`${left} attempt`);
    }
    const fifth = await verify(user.email, wrong(code));
    expect(fifth.body.error.code).toBe('CODE_ATTEMPTS_EXCEEDED');
    const right = await verify(user.email, code);
    expect(right.status).toBe(400);
    expect(right.body.error.code).toBe('CODE_ATTEMPTS_EXCEEDED');
  });

  it('a code expires after 10 minutes', async () => {
    const user = await signUp(t);
    await sendCode(user.email);
    const code = (await latestCode(t, user.email))!;
    t.clock.advance(601);
    const res = await verify(user.email, code);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('CODE_EXPIRED');
  });

  it('a new code replaces the previous one', async () => {
    const user = await signUp(t);
    await sendCode(user.email);
    const first = (await latestCode(t, user.email))!;
    t.clock.advance(61);
    await sendCode(user.email);
    const second = (await latestCode(t, user.email))!;
    if (first !== second) expect((await verify(user.email, first)).body.error.code).toBe('CODE_INVALID');
    expect((await verify(user.email, second)).status).toBe(200);
  });

  it('a code for sign-up does not sign in', async () => {
    const email = uniqueEmail();
    await sendCode(email, 'signup');
    const code = (await latestCode(t, email))!;
    expect((await verify(email, code)).status).toBe(400);
  });
});

describe('send-code limits', () => {
  it('resend cooldown of 60 s → 429 RESEND_TOO_SOON with Retry-After', async () => {
    const email = uniqueEmail();
    expect((await sendCode(email)).status).toBe(200);
    t.clock.advance(30);
    const again = await sendCode(email);
    expect(again.status).toBe(429);
    expect(again.body.error.code).toBe('RESEND_TOO_SOON');
    expect(again.headers['retry-after']).toBe('30');
    t.clock.advance(30);
    expect((await sendCode(email)).status).toBe(200);
  });

  it('5 codes per email per hour → 429 CODE_RATE_LIMITED', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(email)).status).toBe(200);
      t.clock.advance(61);
    }
    const sixth = await sendCode(email, 'signup');
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatchObject({ service: 'auth', code: 'CODE_RATE_LIMITED' });
    expect(sixth.body.error.message).toMatch(/this email/);
    expect(sixth.body.error.details).toEqual({ limit: 'email' });
    t.clock.advance(3600);
    expect((await sendCode(email)).status).toBe(200);
  });

  it('20 codes per client IP per hour → 429 CODE_RATE_LIMITED', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) expect((await sendCode(uniqueEmail(), 'signin', ip)).status).toBe(200);
    const over = await sendCode(uniqueEmail(), 'signin', ip);
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('CODE_RATE_LIMITED');
    expect(over.body.error.message).toMatch(/network/);
    expect(over.body.error.details).toEqual({ limit: 'network' });
    expect((await sendCode(uniqueEmail(), 'signin', uniqueIp())).status).toBe(200);
  });

  it("the sandbox resets a network's code limit (issue #35): token required; the caller's address by default", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) expect((await sendCode(uniqueEmail(), 'signin', ip)).status).toBe(200);
    expect((await sendCode(uniqueEmail(), 'signin', ip)).status).toBe(429);
    const reset = (payload: object, headers: Record<string, string> = sandboxHeaders(t)) =>
      t.call({ method: 'POST', url: '/api/dev/code-limits/reset', headers, payload, remoteAddress: ip });
    expect((await reset({}, {})).status).toBe(401);
    expect((await reset({ ip: 'x'.repeat(65) })).status).toBe(400);
    const done = await reset({});
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toEqual({ ip, reset: 20 });
    expect((await sendCode(uniqueEmail(), 'signin', ip)).status).toBe(200);
  });

  it('limits live in the database: a second app on the same database sees them', async () => {
    const email = uniqueEmail();
    expect((await sendCode(email)).status).toBe(200);
    const { buildApp } = await import('../../server/app');
    const second = await buildApp({ config: t.config, db: t.db, clock: t.clock });
    try {
      const res = await second.inject({ method: 'POST', url: '/api/auth/send-code', payload: { email, purpose: 'signin' } });
      expect(res.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});
