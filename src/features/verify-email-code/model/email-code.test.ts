import { allSettled, createWatch, fork, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { createFakeServer, fail, ok } from '@/shared/api/index.testing';
import { i18n, initI18n, loadNamespaces } from '@/shared/i18n';
import {
  $canResend,
  $code,
  $codeError,
  $email,
  $resendIn,
  $sendError,
  codeChanged,
  codeRejected,
  codeRequested,
  codeSubmitted,
  resendClicked,
  reset,
  submitClicked,
} from './email-code';
import { verifyEmailCodeTexts } from '../i18n/texts';

const server = createFakeServer();
const SENT = { resendInSeconds: 60, expiresInSeconds: 600 };
const codeInvalid = (left: number) =>
  fail(400, { service: 'auth', code: 'CODE_INVALID', message: `Incorrect code. ${left} attempts left.`, fields: { code: 'Incorrect code' } });

beforeEach(() => {
  server.reset();
  localStorage.clear();
  vi.stubGlobal('fetch', server.fetch);
  configureApi({ baseUrl: '', getInitData: () => undefined });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** allSettled also waits for the countdown's timers: move fake time until it is done. */
async function settle(promise: Promise<unknown>) {
  let done = false;
  void promise.finally(() => {
    done = true;
  });
  while (!done) await vi.advanceTimersByTimeAsync(1000);
  await promise;
}

/** Requests a code and lets `seconds` pass (the countdown keeps running). */
async function requestCode(scope: Scope, seconds = 0) {
  const settled = allSettled(codeRequested, { scope, params: { email: 'ann@example.com', purpose: 'signup' } });
  await vi.advanceTimersByTimeAsync(seconds * 1000);
  return { settled };
}

describe('email code step', () => {
  test('sends the code, then counts down from resendInSeconds before a resend is possible', async () => {
    server.on('POST', '/api/auth/send-code', () => ok(SENT));
    const scope = fork();
    const { settled } = await requestCode(scope);
    expect(server.callsTo('POST', '/api/auth/send-code')[0]?.body).toEqual({ email: 'ann@example.com', purpose: 'signup' });
    expect(scope.getState($email)).toBe('ann@example.com');
    expect(scope.getState($resendIn)).toBe(60);
    expect(scope.getState($canResend)).toBe(false);

    await vi.advanceTimersByTimeAsync(15_000);
    expect(scope.getState($resendIn)).toBe(45);

    // Pressing resend during the countdown does nothing (allSettled also waits for the running countdown).
    const early = allSettled(resendClicked, { scope });
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.callsTo('POST', '/api/auth/send-code')).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(44_000);
    await Promise.all([settled, early]);
    expect(scope.getState($resendIn)).toBe(0);
    expect(scope.getState($canResend)).toBe(true);

    await settle(allSettled(resendClicked, { scope }));
    expect(server.callsTo('POST', '/api/auth/send-code')).toHaveLength(2);
    expect(server.callsTo('POST', '/api/auth/send-code')[1]?.body).toEqual({ email: 'ann@example.com', purpose: 'signup' });
  });

  test('6 digits submit the code at once; fewer do not; "Confirm" submits a full code again', async () => {
    server.on('POST', '/api/auth/send-code', () => ok(SENT));
    const scope = fork();
    await settle((await requestCode(scope)).settled);
    const submitted = vi.fn();
    const unwatch = createWatch({ unit: codeSubmitted, fn: submitted, scope });

    await allSettled(codeChanged, { scope, params: '12345' });
    expect(submitted).not.toHaveBeenCalled();
    await allSettled(codeChanged, { scope, params: '12a3456' });
    expect(scope.getState($code)).toBe('123456');
    expect(submitted).toHaveBeenCalledWith({ email: 'ann@example.com', code: '123456' });
    await allSettled(submitClicked, { scope });
    expect(submitted).toHaveBeenCalledTimes(2);
    unwatch();
  });

  test('a wrong code shows "attempts left" and clears the boxes; typing clears the message', async () => {
    server.on('POST', '/api/auth/send-code', () => ok(SENT));
    const scope = fork();
    await settle((await requestCode(scope)).settled);
    await allSettled(codeChanged, { scope, params: '000000' });

    // The page's register/verify call failed with CODE_INVALID.
    const error = await fetchError(codeInvalid(4));
    await allSettled(codeRejected, { scope, params: error });
    expect(scope.getState($code)).toBe('');
    expect(scope.getState($codeError)).toMatchObject({ keys: expect.arrayContaining([`${verifyEmailCodeTexts.ns}:serverErrors.CODE_INVALID`, 'errors:auth.registrationFailed']), values: { count: 4 } });
    expect(scope.getState($codeError)?.keys[0]).toBe(`${verifyEmailCodeTexts.ns}:serverErrors.CODE_INVALID`);

    await allSettled(codeChanged, { scope, params: '1' });
    expect(scope.getState($codeError)).toBeNull();
  });

  test('an expired code and too many tries have their own messages; a network failure keeps the code', async () => {
    server.on('POST', '/api/auth/send-code', () => ok(SENT));
    const scope = fork();
    await settle(allSettled(codeRequested, { scope, params: { email: 'bob@example.com', purpose: 'signin' } }));

    await allSettled(codeRejected, { scope, params: await fetchError(fail(400, { service: 'auth', code: 'CODE_EXPIRED', message: 'expired' })) });
    expect(scope.getState($codeError)?.keys[0]).toBe(`${verifyEmailCodeTexts.ns}:serverErrors.CODE_EXPIRED`);
    expect(scope.getState($codeError)?.keys).toContain('errors:auth.loginFailed');

    await allSettled(codeRejected, { scope, params: await fetchError(fail(400, { service: 'auth', code: 'CODE_ATTEMPTS_EXCEEDED', message: 'x' })) });
    expect(scope.getState($codeError)?.keys[0]).toBe(`${verifyEmailCodeTexts.ns}:serverErrors.CODE_ATTEMPTS_EXCEEDED`);

    await allSettled(codeChanged, { scope, params: '123456' });
    await allSettled(codeRejected, { scope, params: await fetchError('network-error') });
    expect(scope.getState($code)).toBe('123456');
    expect(scope.getState($codeError)?.keys[0]).toBe('errors:transport.network');
  });

  test('RESEND_TOO_SOON shows the wait and starts the countdown from the server\'s seconds', async () => {
    server.on('POST', '/api/auth/send-code', () =>
      fail(429, { service: 'auth', code: 'RESEND_TOO_SOON', message: 'Please wait 42 s before requesting a new code.' }),
    );
    const scope = fork();
    const { settled } = await requestCode(scope);
    expect(scope.getState($sendError)).toMatchObject({ keys: expect.arrayContaining([`${verifyEmailCodeTexts.ns}:serverErrors.RESEND_TOO_SOON`]), values: { count: 42 } });
    expect(scope.getState($resendIn)).toBe(42);
    await settle(settled);
    expect(scope.getState($resendIn)).toBe(0);
  });

  test('rate limits and unknown failures fall back to the SPEC messages', async () => {
    server.on('POST', '/api/auth/send-code', () =>
      fail(429, { service: 'auth', code: 'CODE_RATE_LIMITED', message: 'Too many codes requested for this email. Try again in 37 min.' }),
    );
    const scope = fork();
    await settle((await requestCode(scope)).settled);
    expect(scope.getState($sendError)).toMatchObject({ keys: [`${verifyEmailCodeTexts.ns}:serverErrors.CODE_RATE_LIMITED`, 'error-codes:CODE_RATE_LIMITED', 'errors:auth.registrationFailed', 'errors:general.error'], values: { count: 37 } });

    server.on('POST', '/api/auth/send-code', () => ({ status: 502, text: '<html>Bad gateway</html>' }));
    await settle((await requestCode(scope)).settled);
    expect(scope.getState($sendError)).toEqual({ keys: ['errors:auth.registrationFailed', 'errors:general.fetchFailed'], defaultValue: 'Failed to fetch data' });
  });

  test('the code rate limit says which limit was hit (issue #35): per network, per email', async () => {
    const scope = fork();
    server.on('POST', '/api/auth/send-code', () =>
      fail(429, { service: 'auth', code: 'CODE_RATE_LIMITED', message: 'Too many codes requested from your network. Try again in 12 min.', details: { limit: 'network' } }),
    );
    await settle((await requestCode(scope)).settled);
    expect(scope.getState($sendError)).toMatchObject({
      keys: [`${verifyEmailCodeTexts.ns}:serverErrors.CODE_RATE_LIMITED_NETWORK`, `${verifyEmailCodeTexts.ns}:serverErrors.CODE_RATE_LIMITED`, 'error-codes:CODE_RATE_LIMITED', 'errors:auth.registrationFailed', 'errors:general.error'],
      values: { count: 12 },
    });
    await initI18n({ navigatorLanguages: ['ru-RU'] });
    await loadNamespaces([verifyEmailCodeTexts.ns]);
    const error = scope.getState($sendError)!;
    expect(i18n.t(error.keys, { ...error.values })).toBe('Слишком много запросов кода из вашей сети (с этого IP-адреса). Попробуйте через 12 минут.');
    await i18n.changeLanguage('en');
    await loadNamespaces([verifyEmailCodeTexts.ns]);
    expect(i18n.t(error.keys, { ...error.values })).toBe('Too many codes were requested from your network (this IP address). Try again in 12 minutes.');

    server.on('POST', '/api/auth/send-code', () =>
      fail(429, { service: 'auth', code: 'CODE_RATE_LIMITED', message: 'Too many codes requested for this email. Try again in 1 min.', details: { limit: 'email' } }),
    );
    await settle((await requestCode(scope)).settled);
    expect(scope.getState($sendError)?.keys[0]).toBe(`${verifyEmailCodeTexts.ns}:serverErrors.CODE_RATE_LIMITED_EMAIL`);
  });

  test('reset forgets the step and stops the countdown', async () => {
    server.on('POST', '/api/auth/send-code', () => ok(SENT));
    const scope = fork();
    const { settled } = await requestCode(scope, 5);
    expect(scope.getState($resendIn)).toBe(55);
    await allSettled(reset, { scope });
    await settled;
    expect(scope.getState($resendIn)).toBe(0);
    expect(scope.getState($email)).toBe('');
  });
});

/** The ApiError the transport makes of a reply (through a real request). */
async function fetchError(reply: Parameters<typeof server.on>[2] extends (...args: never[]) => infer R ? Awaited<R> : never) {
  const { request } = await import('@/shared/api');
  const { authVerifyCode } = await import('@/shared/contract');
  server.on('POST', '/api/auth/verify-code', () => reply);
  return request(authVerifyCode, { body: { email: 'x@example.com', code: '000000' } }).then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}
