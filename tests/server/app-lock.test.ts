/**
 * App lock (issue #15): the passcode is kept only as a slow salted hash (never answered, never logged), set / change
 * (needs the old one) / off, wrong tries counted server-side atomically (parallel wrong tries each count), the last
 * try ends the session (its next call is refused) and removes the lock, and biometric unlock tokens are checked by
 * their hash.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_LOCK_MAX_TRIES } from '@/shared/contract';
import { CURRENT_KDF } from '../../server/modules/app-lock';
import { createTestApp, latestCode, signUp, uniqueIp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  // Parallel tries must all reach the counting (the per-user queue of the hash pool is tested on its own below).
  t = await createTestApp({ env: { APP_LOCK_HASH_QUEUE_PER_USER: '100' } });
});
afterAll(() => t.close());

interface User {
  email: string;
  accessToken: string;
  refreshToken: string;
  user: { id: string };
}
const headers = (user: Pick<User, 'accessToken'>) => ({ authorization: `Bearer ${user.accessToken}` });
const call = (user: Pick<User, 'accessToken'>, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.call({ method, url, headers: headers(user), ...(payload ? { payload } : {}), remoteAddress: uniqueIp() });
const status = (user: User) => call(user, 'GET', '/api/app-lock');
const setPasscode = (user: User, payload: object) => call(user, 'POST', '/api/app-lock/passcode', payload);
const unlock = (user: User, passcode: string) => call(user, 'POST', '/api/app-lock/unlock', { passcode });
const unlockBiometric = (user: User, biometricToken: string) => call(user, 'POST', '/api/app-lock/unlock-biometric', { biometricToken });
const turnOff = (user: User, passcode: string) => call(user, 'POST', '/api/app-lock/off', { passcode });
const me = (user: User) => call(user, 'GET', '/api/users/me');
const token = () => randomBytes(32).toString('base64url');

const lockRow = async (userId: string) =>
  (await t.db.query<Record<string, unknown>>('SELECT * FROM app_locks WHERE user_id = $1', [userId]))[0];

describe('setting the passcode', () => {
  it('stores only a salted scrypt hash with its parameters; no answer carries the passcode or the hash', async () => {
    const user = await signUp(t);
    expect((await status(user)).body.data).toEqual({ enabled: false, autoLockSeconds: 300, biometricDevices: 0, triesLeft: APP_LOCK_MAX_TRIES, locked: false });
    const set = await setPasscode(user, { passcode: '482915', autoLockSeconds: 60 });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({
      result: 'ok',
      triesLeft: APP_LOCK_MAX_TRIES,
      status: { enabled: true, autoLockSeconds: 60, biometricDevices: 0, triesLeft: APP_LOCK_MAX_TRIES, locked: false },
    });
    const row = (await lockRow(user.user.id))!;
    expect(row).toMatchObject({ kdf: 'scrypt-hmac', kdf_n: CURRENT_KDF.n, kdf_r: CURRENT_KDF.r, kdf_p: CURRENT_KDF.p, key_length: 32 });
    expect(String(row.passcode_hash)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(String(row.salt)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify(row)).not.toContain('482915');
    for (const res of [set, await status(user), await unlock(user, '482915')]) {
      const text = JSON.stringify(res.body);
      expect(text).not.toContain('482915');
      expect(text).not.toContain(String(row.passcode_hash));
      expect(text).not.toContain(String(row.salt));
    }
  });

  it('two users with the same passcode get different salts and hashes', async () => {
    const [a, b] = [await signUp(t), await signUp(t)];
    await setPasscode(a, { passcode: '1234' });
    await setPasscode(b, { passcode: '1234' });
    const [ra, rb] = [(await lockRow(a.user.id))!, (await lockRow(b.user.id))!];
    expect(ra.salt).not.toBe(rb.salt);
    expect(ra.passcode_hash).not.toBe(rb.passcode_hash);
  });

  it('refuses anything but 4 to 6 ASCII digits', async () => {
    const user = await signUp(t);
    for (const passcode of ['123', '1234567', '12a4', '１２３４', ' 1234', 1234]) {
      const res = await setPasscode(user, { passcode });
      expect(res.status, String(passcode)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await status(user)).body.data.enabled).toBe(false);
  });

  it('never logs the passcode, the hash or a biometric token', async () => {
    // Captured before the app (and its logger) exists.
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: unknown) => {
      lines.push(String(chunk));
      return true;
    }) as typeof process.stdout.write);
    const logged = await createTestApp({ env: { LOG_LEVEL: 'trace' } });
    try {
      const user = await signUp(logged);
      const h = { authorization: `Bearer ${user.accessToken}` };
      const bio = token();
      await logged.call({ method: 'POST', url: '/api/app-lock/passcode', headers: h, payload: { passcode: '907531' } });
      await logged.call({ method: 'POST', url: '/api/app-lock/biometry', headers: h, payload: { biometricToken: bio, passcode: '907531' } });
      await logged.call({ method: 'POST', url: '/api/app-lock/unlock-biometric', headers: h, payload: { biometricToken: bio } });
      for (let i = 0; i < APP_LOCK_MAX_TRIES; i += 1) {
        await logged.call({ method: 'POST', url: '/api/app-lock/unlock', headers: h, payload: { passcode: '000000' } });
      }
      await logged.call({ method: 'POST', url: '/api/app-lock/unlock', headers: h, payload: { passcode: '907531x' } });
      const text = lines.join('');
      expect(text).toContain('too many wrong tries');
      expect(text).toContain('/api/app-lock/unlock');
      expect(text).not.toContain('907531');
      expect(text).not.toContain(bio);
      expect(text).not.toMatch(/passcode_hash|"salt"/);
    } finally {
      spy.mockRestore();
      await logged.close();
    }
  });
});

describe('unlock, change and turn off', () => {
  it('unlock: right passcode ok, wrong ones counted with the tries left, a right one resets the count', async () => {
    const user = await signUp(t);
    await setPasscode(user, { passcode: '2468' });
    expect((await unlock(user, '2468')).body.data).toMatchObject({ result: 'ok', triesLeft: 5 });
    expect((await unlock(user, '1111')).body.data).toEqual({ result: 'wrong', triesLeft: 4, status: null });
    expect((await unlock(user, '1112')).body.data).toEqual({ result: 'wrong', triesLeft: 3, status: null });
    expect((await status(user)).body.data.triesLeft).toBe(3);
    expect((await unlock(user, '2468')).body.data).toMatchObject({ result: 'ok', triesLeft: 5, status: { enabled: true } });
  });

  it('change needs the current passcode (a wrong one counts as a try); then only the new one unlocks', async () => {
    const user = await signUp(t);
    await setPasscode(user, { passcode: '13579' });
    const without = await setPasscode(user, { passcode: '97531' });
    expect(without.status).toBe(400);
    expect(without.body.error.fields).toHaveProperty('currentPasscode');
    expect((await setPasscode(user, { passcode: '97531', currentPasscode: '00000' })).body.data).toEqual({ result: 'wrong', triesLeft: 4, status: null });
    const saltBefore = (await lockRow(user.user.id))!.salt;
    const changed = await setPasscode(user, { passcode: '97531', currentPasscode: '13579', autoLockSeconds: 900 });
    expect(changed.body.data).toMatchObject({ result: 'ok', status: { enabled: true, autoLockSeconds: 900, triesLeft: 5 } });
    expect((await lockRow(user.user.id))!.salt).not.toBe(saltBefore);
    expect((await unlock(user, '13579')).body.data.result).toBe('wrong');
    expect((await unlock(user, '97531')).body.data.result).toBe('ok');
  });

  it('turn off needs the passcode; afterwards the lock is off and biometric tokens are gone', async () => {
    const user = await signUp(t);
    await setPasscode(user, { passcode: '5555' });
    const bio = token();
    expect((await call(user, 'POST', '/api/app-lock/biometry', { biometricToken: bio, passcode: '5555' })).body.data.status.biometricDevices).toBe(1);
    expect((await turnOff(user, '5556')).body.data).toMatchObject({ result: 'wrong', triesLeft: 4 });
    expect((await status(user)).body.data.enabled).toBe(true);
    expect((await turnOff(user, '5555')).body.data).toMatchObject({ result: 'ok', status: { enabled: false, biometricDevices: 0 } });
    expect(await lockRow(user.user.id)).toBeUndefined();
    expect(await t.db.query('SELECT 1 FROM app_lock_biometric_keys WHERE user_id = $1', [user.user.id])).toEqual([]);
    // Off again, and an unlock with the lock off: nothing to check, nothing counted.
    expect((await turnOff(user, '0000')).body.data).toMatchObject({ result: 'ok', status: { enabled: false } });
    expect((await unlock(user, '0000')).body.data).toMatchObject({ result: 'ok', status: { enabled: false } });
  });

  it('the inactivity time is one of 1, 5, 15 minutes and needs the lock on', async () => {
    const user = await signUp(t);
    expect((await call(user, 'PATCH', '/api/app-lock/settings', { autoLockSeconds: 60 })).status).toBe(400);
    await setPasscode(user, { passcode: '8642' });
    expect((await call(user, 'PATCH', '/api/app-lock/settings', { autoLockSeconds: 61 })).status).toBe(400);
    const res = await call(user, 'PATCH', '/api/app-lock/settings', { autoLockSeconds: 900 });
    expect(res.body.data).toMatchObject({ enabled: true, autoLockSeconds: 900 });
  });
});

describe('too many wrong tries end the session', () => {
  it(`the ${APP_LOCK_MAX_TRIES}th wrong try revokes the session: its next call and its refresh token are refused; the lock is removed`, async () => {
    const user = await signUp(t);
    await setPasscode(user, { passcode: '7391' });
    for (let left = APP_LOCK_MAX_TRIES - 1; left > 0; left -= 1) {
      expect((await unlock(user, '0000')).body.data).toEqual({ result: 'wrong', triesLeft: left, status: null });
    }
    expect((await unlock(user, '0000')).body.data).toEqual({ result: 'session_ended', triesLeft: 0, status: null });
    const next = await me(user);
    expect(next.status).toBe(401);
    expect(next.body.error.code).toBe('UNAUTHORIZED');
    expect((await unlock(user, '7391')).status).toBe(401);
    const refreshed = await t.call({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: user.refreshToken } });
    expect(refreshed.status).toBe(401);
    expect(await lockRow(user.user.id)).toBeUndefined();

    // Signing in again (proving the account) gives a session without the lock; a new passcode can be set.
    await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email: user.email, purpose: 'signin' }, remoteAddress: uniqueIp() });
    const again = await t.call({ method: 'POST', url: '/api/auth/verify-code', payload: { email: user.email, code: await latestCode(t, user.email) } });
    expect(again.status).toBe(200);
    const fresh = { ...user, ...again.body.data };
    expect((await me(fresh)).status).toBe(200);
    expect((await status(fresh)).body.data).toMatchObject({ enabled: false, triesLeft: APP_LOCK_MAX_TRIES });
  });

  it('parallel wrong tries each count: 8 at once end the session, none is lost', async () => {
    const user = await signUp(t);
    await setPasscode(user, { passcode: '4826' });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => unlock(user, String(1000 + i))));
    const results = answers.map((res) => (res.status === 200 ? res.body.data.result : res.status));
    // Four "wrong" at most; every other one ended (or found ended) the session.
    expect(results.filter((r) => r === 'wrong').length).toBeLessThanOrEqual(APP_LOCK_MAX_TRIES - 1);
    expect(results.filter((r) => r === 'session_ended' || r === 401).length).toBeGreaterThanOrEqual(8 - (APP_LOCK_MAX_TRIES - 1));
    expect(results.every((r) => r === 'wrong' || r === 'session_ended' || r === 401)).toBe(true);
    expect((await me(user)).status).toBe(401);
  });

  it('parallel wrong tries below the limit count exactly: 4 at once leave 1 try', async () => {
    const user = await signUp(t);
    await setPasscode(user, { passcode: '4826' });
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => unlock(user, String(2000 + i))));
    expect(answers.map((res) => res.body.data.triesLeft).sort()).toEqual([1, 2, 3, 4]);
    expect((await status(user)).body.data.triesLeft).toBe(1);
    expect((await me(user)).status).toBe(200);
  });

  it("only the session that made the last try is ended; the user's other sessions stand", async () => {
    const user = await signUp(t);
    await t.call({ method: 'POST', url: '/api/auth/send-code', payload: { email: user.email, purpose: 'signin' }, remoteAddress: uniqueIp() });
    const other = await t.call({ method: 'POST', url: '/api/auth/verify-code', payload: { email: user.email, code: await latestCode(t, user.email) } });
    const second = { ...user, ...other.body.data };
    await setPasscode(user, { passcode: '3141' });
    for (let i = 0; i < APP_LOCK_MAX_TRIES; i += 1) await unlock(user, '9999');
    expect((await me(user)).status).toBe(401);
    expect((await me(second)).status).toBe(200);
  });
});

describe('biometric unlock token', () => {
  it('the registered token unlocks; an unknown one counts as a wrong try; only its hash is stored', async () => {
    const user = await signUp(t);
    const bio = token();
    expect((await call(user, 'POST', '/api/app-lock/biometry', { biometricToken: bio, passcode: '1470' })).status).toBe(400);
    await setPasscode(user, { passcode: '1470' });
    // With the bearer token alone (no passcode): refused; with a wrong passcode: a wrong try, nothing registered.
    expect((await call(user, 'POST', '/api/app-lock/biometry', { biometricToken: bio })).status).toBe(400);
    expect((await call(user, 'POST', '/api/app-lock/biometry', { biometricToken: bio, passcode: '0741' })).body.data).toEqual({ result: 'wrong', triesLeft: 4, status: null });
    expect(await t.db.query('SELECT 1 FROM app_lock_biometric_keys WHERE user_id = $1', [user.user.id])).toEqual([]);
    const added = await call(user, 'POST', '/api/app-lock/biometry', { biometricToken: bio, passcode: '1470' });
    expect(added.body.data).toMatchObject({ result: 'ok', status: { enabled: true, biometricDevices: 1 } });
    const stored = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM app_lock_biometric_keys WHERE user_id = $1', [user.user.id]);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(bio);

    expect((await unlockBiometric(user, bio)).body.data).toMatchObject({ result: 'ok', triesLeft: 5 });
    expect((await unlockBiometric(user, token())).body.data).toEqual({ result: 'wrong', triesLeft: 4, status: null });
    expect((await unlockBiometric(user, bio)).body.data).toMatchObject({ result: 'ok', triesLeft: 5 });

    // Removed (this device turned biometry off): the token no longer unlocks.
    expect((await call(user, 'POST', '/api/app-lock/biometry/remove', { biometricToken: bio })).body.data.biometricDevices).toBe(0);
    expect((await unlockBiometric(user, bio)).body.data.result).toBe('wrong');
  });

  it("another user's token does not unlock; at most 5 devices per user, the oldest dropped", async () => {
    const [a, b] = [await signUp(t), await signUp(t)];
    await setPasscode(a, { passcode: '1111' });
    await setPasscode(b, { passcode: '2222' });
    const ofA = token();
    await call(a, 'POST', '/api/app-lock/biometry', { biometricToken: ofA, passcode: '1111' });
    expect((await unlockBiometric(b, ofA)).body.data.result).toBe('wrong');
    const more = Array.from({ length: 5 }, token);
    for (const next of more) {
      t.clock.advance(1); // a later created_at for each
      await call(a, 'POST', '/api/app-lock/biometry', { biometricToken: next, passcode: '1111' });
    }
    expect((await status(a)).body.data.biometricDevices).toBe(5);
    expect((await unlockBiometric(a, ofA)).body.data.result).toBe('wrong');
    expect((await unlockBiometric(a, more[4]!)).body.data.result).toBe('ok');
  });
});
