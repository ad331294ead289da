import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, latestCode, registrationForm, uniqueEmail, uniqueIp, type TestApp } from './harness';

/** The name rule (src/shared/contract/person-name.ts) applied by the server to POST /api/auth/register. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = async (names: { firstName: string; lastName: string }) => {
  const email = uniqueEmail();
  const ip = uniqueIp();
  await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email, purpose: 'signup' }, remoteAddress: ip });
  const code = await latestCode(t, email);
  return t.call({ method: 'POST', url: '/api/auth/register', payload: { ...registrationForm(email, names), code }, remoteAddress: ip });
};

describe('registration names', () => {
  it.each([
    [{ firstName: '<b>Ada</b>', lastName: 'Lovelace' }, 'firstName', /angle brackets/i],
    [{ firstName: 'Ada', lastName: 'Love😀lace' }, 'lastName', /emoji/i],
    // NUL is refused for every field of every request before any schema runs (server/http/validation.ts), with its own words.
    [{ firstName: 'Ada\u0000', lastName: 'Lovelace' }, 'firstName', /NUL character/],
    [{ firstName: 'Ada', lastName: '\u202Eecalevol' }, 'lastName', /control/i],
    [{ firstName: 'Ada2', lastName: 'Lovelace' }, 'firstName', /letters/i],
    [{ firstName: 'A'.repeat(65), lastName: 'Lovelace' }, 'firstName', /64/],
  ])('refuses %j with a 400 naming the field', async (names, field, message) => {
    const res = await register(names);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.fields[field]).toMatch(message);
  });

  it('stores the normalised name: NFC, trimmed, one space; any script, hyphens, apostrophes', async () => {
    const res = await register({ firstName: '  Zoe\u0308   Anne ', lastName: "O’Brien-Łukasz" });
    expect(res.status).toBe(200);
    expect(res.body.data.user.name).toBe("Zoë Anne O’Brien-Łukasz");
    const me = await t.call({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${res.body.data.accessToken}` } });
    expect(me.body.data.firstName).toBe('Zoë Anne');
    expect(me.body.data.firstName).toBe('Zoë Anne'.normalize('NFC'));
  });
});
