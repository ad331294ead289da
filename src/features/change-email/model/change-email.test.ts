// @vitest-environment happy-dom
/** Change the email by a code mailed to the new address (fork + allSettled, fake API). */
import { allSettled, fork } from 'effector';
import { describe, expect, test, vi } from 'vitest';
import { signedIn } from '@/entities/session';
import { $user, meQuery } from '@/entities/user';
import { userFixture } from '@/entities/user/index.testing';
import { fail, ok, useFakeApi } from '@/shared/api/index.testing';
import { changeLanguage, initI18n, loadNamespaces } from '@/shared/i18n';
import { notify } from '@/shared/ui';
import { changeEmailTexts } from '../i18n/texts';
import { $code, $error, $inputError, $step, changeEmailOpened, codeChanged, codeSubmitted, emailChanged, emailSubmitted } from './change-email';

vi.mock('@/shared/ui', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/shared/ui')>();
  return { ...actual, notify: { ...actual.notify, success: vi.fn(async () => undefined) } };
});

const server = useFakeApi({ resetData: true });
const USER = userFixture();

/** Signed in, the profile loaded (the Profile screen where the section shows). */
const profileScope = async () => {
  const scope = fork();
  await allSettled(signedIn, { scope, params: { accessToken: 'a', refreshToken: 'r', user: { id: USER.id, name: USER.name } } });
  server.on('GET', '/api/users/me', () => ok(USER));
  await allSettled(meQuery.start, { scope, params: undefined });
  return scope;
};

describe('change email', () => {
  test('code to the new address, then confirm: the profile shows the new email', async () => {
    server.on('POST', '/api/users/me/email/send-code', () => ok({ resendInSeconds: 60, expiresInSeconds: 600 }));
    server.on('POST', '/api/users/me/email/confirm', () => ok({ ...USER, email: 'new@example.com' }));
    const scope = await profileScope();
    await allSettled(changeEmailOpened, { scope });
    await allSettled(emailChanged, { scope, params: 'not-an-email' });
    await allSettled(emailSubmitted, { scope });
    expect(server.callsTo('POST', '/api/users/me/email/send-code')).toHaveLength(0);
    expect(scope.getState($inputError)).toBe(`${changeEmailTexts.ns}:invalidEmail`);

    await allSettled(emailChanged, { scope, params: ' new@example.com ' });
    await allSettled(emailSubmitted, { scope });
    expect(server.callsTo('POST', '/api/users/me/email/send-code').map((c) => c.body)).toEqual([{ email: 'new@example.com' }]);
    expect(scope.getState($step)).toBe('code');
    await allSettled(codeChanged, { scope, params: '12 34 56' });
    expect(scope.getState($code)).toBe('123456');
    await allSettled(codeSubmitted, { scope });
    expect(server.callsTo('POST', '/api/users/me/email/confirm').map((c) => c.body)).toEqual([{ email: 'new@example.com', code: '123456' }]);
    expect(scope.getState($user)?.email).toBe('new@example.com');
    expect(scope.getState($step)).toBe('closed');
  });

  test('a taken address and a wrong code are shown with the server words', async () => {
    server.on('POST', '/api/users/me/email/send-code', () =>
      fail(409, { service: 'auth', code: 'EMAIL_TAKEN', message: 'An account with this email already exists. Sign in instead.' }),
    );
    const scope = await profileScope();
    await allSettled(changeEmailOpened, { scope });
    await allSettled(emailChanged, { scope, params: 'taken@example.com' });
    await allSettled(emailSubmitted, { scope });
    expect(scope.getState($step)).toBe('email');
    expect(scope.getState($error)?.keys).toContain('error-codes:EMAIL_TAKEN');
    expect(scope.getState($error)?.keys).toContain(`${changeEmailTexts.ns}:failed`);
  });

  test("the toast is the slice's own words, in the app's language", async () => {
    await initI18n({ navigatorLanguages: ['en'] });
    await changeLanguage('ru');
    await loadNamespaces([changeEmailTexts.ns]);
    server.on('POST', '/api/users/me/email/send-code', () => ok({ resendInSeconds: 60, expiresInSeconds: 600 }));
    server.on('POST', '/api/users/me/email/confirm', () => ok({ ...USER, email: 'new@example.com' }));
    const scope = await profileScope();
    await allSettled(changeEmailOpened, { scope });
    await allSettled(emailChanged, { scope, params: 'new@example.com' });
    await allSettled(emailSubmitted, { scope });
    await allSettled(codeChanged, { scope, params: '123456' });
    await allSettled(codeSubmitted, { scope });
    expect(notify.success).toHaveBeenLastCalledWith('Теперь ваша почта — new@example.com');
    await changeLanguage('en');
  });
});
