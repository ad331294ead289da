import { allSettled, fork, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { $isAuthenticated } from '@/entities/session';
import { $codeError, changeEmailClicked, codeChanged, verifyEmailCodeTexts } from '@/features/verify-email-code';
import { apiDataReset, configureApi } from '@/shared/api';
import { createFakeServer, fail, ok } from '@/shared/api/index.testing';
import { navigateFx, type NavigateTo } from '@/shared/lib';
import * as platform from '@/shared/platform';
import {
  $completed,
  $emailError,
  $formError,
  $step,
  $telegramLoginAvailable,
  emailChanged,
  emailSubmitted,
  signInPage,
  telegramLoginClicked,
} from './sign-in';
import { userTexts } from '@/entities/user';

vi.mock('@/shared/platform', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/shared/platform')>();
  return {
    ...actual,
    isMockEnvironment: vi.fn(() => true),
    getRawInitData: vi.fn(() => undefined),
    haptic: { impact: vi.fn(), notification: vi.fn(), selection: vi.fn() },
  };
});

const server = createFakeServer();
const TOKENS = { accessToken: 'access-2', refreshToken: 'refresh-2', user: { id: 'usr_1', name: 'Ann Petrova' } };

beforeEach(async () => {
  server.reset();
  localStorage.clear();
  vi.stubGlobal('fetch', server.fetch);
  configureApi({ baseUrl: '', getInitData: () => undefined });
  await allSettled(apiDataReset, { scope: fork() });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  server.on('POST', '/api/auth/send-code', () => ok({ resendInSeconds: 60, expiresInSeconds: 600 }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function run(promise: Promise<unknown>) {
  let done = false;
  void promise.finally(() => {
    done = true;
  });
  while (!done) await vi.advanceTimersByTimeAsync(1000);
}

async function toCodeStep(scope: Scope, email = 'ann@example.com') {
  await run(allSettled(signInPage.opened, { scope, params: { returnTo: '/wallet' } }));
  await allSettled(emailChanged, { scope, params: email });
  await run(allSettled(emailSubmitted, { scope }));
}

describe('sign-in flow', () => {
  test('the email is validated before anything is sent', async () => {
    const scope = fork();
    await run(allSettled(signInPage.opened, { scope, params: { returnTo: '/wallet' } }));
    expect(scope.getState($emailError)).toBeNull();
    await run(allSettled(emailSubmitted, { scope }));
    expect(scope.getState($emailError)?.defaultValue).toBe('Enter your email');
    await allSettled(emailChanged, { scope, params: 'ann@' });
    expect(scope.getState($emailError)?.keys).toEqual([`${userTexts.ns}:validation.emailInvalid`]);
    expect(server.calls).toHaveLength(0);
  });

  test('email → code → verify-code: signed in', async () => {
    server.on('POST', '/api/auth/verify-code', () => ok(TOKENS));
    const scope = fork();
    await toCodeStep(scope, '  ann@example.com ');
    expect(server.callsTo('POST', '/api/auth/send-code')[0]?.body).toEqual({ email: 'ann@example.com', purpose: 'signin' });
    expect(scope.getState($step)).toBe('code');

    await run(allSettled(codeChanged, { scope, params: '123456' }));
    expect(server.callsTo('POST', '/api/auth/verify-code')[0]?.body).toEqual({ email: 'ann@example.com', code: '123456' });
    expect(server.callsTo('POST', '/api/auth/verify-code')[0]?.headers.get('authorization')).toBeNull();
    expect(scope.getState($completed)).toBe(true);
    expect(scope.getState($isAuthenticated)).toBe(true);
    expect(localStorage.getItem('tgwallet.accessToken')).toBe('access-2');
  });

  test('signed in: the model goes to the returnTo the page was opened with (navigateFx), replacing the sign-in screen', async () => {
    server.on('POST', '/api/auth/verify-code', () => ok(TOKENS));
    const seen: NavigateTo[] = [];
    const scope = fork({ handlers: [[navigateFx, (to: NavigateTo) => void seen.push(to)]] });
    await run(allSettled(signInPage.opened, { scope, params: { returnTo: '/cards/crd_1' } }));
    await allSettled(emailChanged, { scope, params: 'ann@example.com' });
    await run(allSettled(emailSubmitted, { scope }));
    await run(allSettled(codeChanged, { scope, params: '123456' }));
    expect(seen).toEqual([{ to: '/cards/crd_1', replace: true }]);
  });

  test('a Telegram account linked to another account: explained (TELEGRAM_ALREADY_LINKED), still signed out', async () => {
    server.on('POST', '/api/auth/verify-code', () =>
      fail(409, { service: 'auth', code: 'TELEGRAM_ALREADY_LINKED', message: 'This Telegram account is already linked to another account.' }),
    );
    const scope = fork();
    await toCodeStep(scope);
    await run(allSettled(codeChanged, { scope, params: '123456' }));
    const shown = scope.getState($formError) ?? scope.getState($codeError);
    expect(shown?.keys[0]).toBe(`${verifyEmailCodeTexts.ns}:serverErrors.TELEGRAM_ALREADY_LINKED`);
    expect(scope.getState($isAuthenticated)).toBe(false);
  });

  test('a wrong code: message, still signed out, still on the code step', async () => {
    server.on('POST', '/api/auth/verify-code', () =>
      fail(400, { service: 'auth', code: 'CODE_INVALID', message: 'Incorrect code. 1 attempt left.', fields: { code: 'Incorrect code' } }),
    );
    const scope = fork();
    await toCodeStep(scope);
    await run(allSettled(codeChanged, { scope, params: '999999' }));
    expect(scope.getState($step)).toBe('code');
    expect(scope.getState($codeError)).toMatchObject({
      keys: [`${verifyEmailCodeTexts.ns}:serverErrors.CODE_INVALID`, 'error-codes:CODE_INVALID', 'errors:auth.loginFailed', 'errors:general.error'],
      values: { count: 1 },
    });
    expect(scope.getState($isAuthenticated)).toBe(false);
    expect(scope.getState($completed)).toBe(false);
  });

  test('"Change email" goes back; a failed send shows "Sign In Error" with the reason', async () => {
    const scope = fork();
    await toCodeStep(scope);
    await allSettled(changeEmailClicked, { scope });
    expect(scope.getState($step)).toBe('email');

    server.on('POST', '/api/auth/send-code', () =>
      fail(429, { service: 'auth', code: 'RESEND_TOO_SOON', message: 'Please wait 30 s before requesting a new code.' }),
    );
    await run(allSettled(emailSubmitted, { scope }));
    expect(scope.getState($step)).toBe('email');
    expect(scope.getState($formError)).toMatchObject({ keys: expect.arrayContaining([`${verifyEmailCodeTexts.ns}:serverErrors.RESEND_TOO_SOON`, 'errors:auth.loginFailed']), values: { count: 30 } });
  });

  test('Telegram one-tap: offered only inside Telegram; an unlinked account is explained; unavailable hides it', async () => {
    const scope = fork();
    await run(allSettled(signInPage.opened, { scope, params: { returnTo: '/wallet' } }));
    expect(scope.getState($telegramLoginAvailable)).toBe(false);

    vi.mocked(platform.isMockEnvironment).mockReturnValue(false);
    vi.mocked(platform.getRawInitData).mockReturnValue('query_id=1&hash=abc');
    const tg = fork();
    await run(allSettled(signInPage.opened, { scope: tg, params: { returnTo: '/wallet' } }));
    expect(tg.getState($telegramLoginAvailable)).toBe(true);

    server.on('POST', '/api/auth/login', () => fail(404, { service: 'auth', code: 'TELEGRAM_NOT_LINKED', message: 'not linked' }));
    await allSettled(telegramLoginClicked, { scope: tg });
    expect(server.callsTo('POST', '/api/auth/login')[0]?.body).toEqual({ provider: 'telegram' });
    expect(tg.getState($formError)?.keys[0]).toBe(`${verifyEmailCodeTexts.ns}:serverErrors.TELEGRAM_NOT_LINKED`);
    expect(tg.getState($telegramLoginAvailable)).toBe(true);

    server.on('POST', '/api/auth/login', () => fail(400, { service: 'auth', code: 'TELEGRAM_LOGIN_UNAVAILABLE', message: 'no bot token' }));
    await allSettled(telegramLoginClicked, { scope: tg });
    expect(tg.getState($telegramLoginAvailable)).toBe(false);

    server.on('POST', '/api/auth/login', () => ok(TOKENS));
    await allSettled(telegramLoginClicked, { scope: tg });
    expect(tg.getState($completed)).toBe(true);
    expect(localStorage.getItem('tgwallet.accessToken')).toBe('access-2');
  });
});
