/**
 * The sandbox panel (issue #35 "Trying it"): GET /api/dev/panel is a page of forms only while the sandbox is on; each
 * form posts the typed sandbox token and one action, run through the /api/dev/* endpoints: the mailbox shows a sign-in
 * code, "reset" lifts the caller's own network code limit, a wrong token does nothing; 404 with the sandbox off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSandboxSetting } from '../../server/sandbox/settings';
import { createTestApp, uniqueEmail, uniqueIp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (form: Record<string, string>, ip = '203.0.113.7') =>
  t.call({
    method: 'POST',
    url: '/api/dev/panel',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
    remoteAddress: ip,
  });
const text = (res: { body: unknown }) => String(res.body);
/** A sandbox setting as stored (what the sandbox TRON network and SBP payouts read for each new withdrawal). */
const stored = (key: string) => readSandboxSetting(t.db, key, {});

describe('sandbox panel', () => {
  it('is a page of forms (no script) for the mailbox, bot outbox, TRON, SBP, the issuer and the code limit', async () => {
    const res = await t.call({ method: 'GET', url: '/api/dev/panel' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const page = text(res);
    for (const title of ['Mailbox', 'Sign-in code limit', 'Bot outbox', 'TRON: a USDT deposit', 'SBP: an invoice', 'Issuer: a physical card on its way', 'Issuer: a purchase', 'Issuer: outcomes', 'Withdrawals: how they end']) {
      expect(page).toContain(`>${title}</h2>`);
    }
    expect(page).not.toContain('<script');
  });

  it('the mailbox shows the sign-in code; a wrong token shows nothing and keeps no token', async () => {
    const email = uniqueEmail();
    await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email, purpose: 'signup' }, remoteAddress: uniqueIp() });
    const wrong = await post({ action: 'mailbox', token: 'not-the-token-at-all', email });
    expect(wrong.status).toBe(401);
    expect(text(wrong)).toContain('Wrong sandbox token');
    expect(text(wrong)).not.toContain(email);
    const shown = await post({ action: 'mailbox', token: t.config.sandboxToken, email });
    expect(shown.status).toBe(200);
    expect(text(shown)).toMatch(/&quot;code&quot;: &quot;\d{6}&quot;/);
    expect(text(shown)).toContain(`value="${t.config.sandboxToken}"`); // kept in the page for the next form, never in a URL
    const unknown = await post({ action: 'drop-tables', token: t.config.sandboxToken });
    expect(unknown.status).toBe(400);
  });

  it("resets the caller's own network code limit; a bad input comes back as the endpoint's 400", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email: uniqueEmail(), purpose: 'signin' }, remoteAddress: ip });
    const limited = await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email: uniqueEmail(), purpose: 'signin' }, remoteAddress: ip });
    expect(limited.body.error.details).toEqual({ limit: 'network' });
    const reset = await post({ action: 'code-limit-reset', token: t.config.sandboxToken }, ip);
    expect(text(reset)).toContain(`&quot;ip&quot;: &quot;${ip}&quot;`);
    expect((await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email: uniqueEmail(), purpose: 'signin' }, remoteAddress: ip })).status).toBe(200);
    const bad = await post({ action: 'tron-transfer', token: t.config.sandboxToken, amount: 'lots' });
    expect(text(bad)).toContain('VALIDATION_ERROR');
  });

  it('sets how withdrawals end on the sandbox TRON network and at the SBP payout provider', async () => {
    const set = await post({ action: 'withdrawal-outcomes', token: t.config.sandboxToken, tron: 'fail', sbp: 'fail', delayMs: '0' });
    expect(set.status).toBe(200);
    expect(text(set)).toMatch(/&quot;tron&quot;: \{\s*&quot;outcome&quot;: &quot;fail&quot;,\s*&quot;delayMs&quot;: 0/);
    expect(await stored('tronSender')).toMatchObject({ outcome: 'fail', delayMs: 0 });
    expect(await stored('sbpPayouts')).toMatchObject({ outcome: 'fail', delayMs: 0 });
    const bad = await post({ action: 'withdrawal-outcomes', token: t.config.sandboxToken, tron: 'confirm', sbp: 'succeed', delayMs: 'soon' });
    expect(text(bad)).toContain('VALIDATION_ERROR');
    expect(await stored('tronSender')).toMatchObject({ outcome: 'fail' }); // a refused form changes nothing
    await post({ action: 'withdrawal-outcomes', token: t.config.sandboxToken, tron: 'confirm', sbp: 'succeed' });
    expect(await stored('tronSender')).toMatchObject({ outcome: 'confirm', delayMs: 0 });
  });

  it('does not exist with the sandbox off', async () => {
    const prod = await createTestApp({ env: { SANDBOX: 'false' } });
    try {
      expect((await prod.call({ method: 'GET', url: '/api/dev/panel' })).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
