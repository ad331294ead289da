// @vitest-environment jsdom
/** Profile edits, email change by code and account deletion: the page's models with a fake API (fork + allSettled). */
import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { signedIn } from '@/entities/session';
import { $user, meQuery } from '@/entities/user';
import { apiDataReset, configureApi } from '@/shared/api';
import { createFakeServer, fail, ok } from '@/shared/api/index.testing';
import type { UserProfile } from '@/shared/contract';
import { navigateFx, type NavigateTo } from '@/shared/lib';
import { $code, $error as $emailError, $step as $emailStep, changeEmailOpened, codeChanged, codeSubmitted, emailChanged, emailSubmitted } from './change-email';
import { $blockers, $step as $deleteStep, deleteConfirmed, deleteOpened } from './delete-account';
import { $editing, $fieldErrors, editOpened, fieldChanged, formSubmitted, validateProfile } from './edit-profile';

vi.mock('@/shared/ui', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/shared/ui')>();
  return { ...actual, notify: { ...actual.notify, success: vi.fn(async () => undefined), error: vi.fn(async () => undefined) } };
});

const server = createFakeServer();
const USER: UserProfile = {
  id: 'u1',
  firstName: 'Ann',
  lastName: 'Petrova',
  name: 'Ann Petrova',
  email: 'ann@example.com',
  phoneNumber: '+79991234567',
  country: 'RUS',
  verificationStatus: 'verified',
  telegram: null,
  promoCode: 'ANN12345',
  frozen: null,
  verificationRequest: null,
  createdAt: '2030-01-01T00:00:00.000Z',
};
const TOKENS = { accessToken: 'access-1', refreshToken: 'refresh-1', user: { id: 'u1', name: 'Ann' } };

beforeEach(async () => {
  server.reset();
  localStorage.clear();
  vi.stubGlobal('fetch', server.fetch);
  configureApi({ baseUrl: '', getInitData: () => undefined });
  await allSettled(apiDataReset, { scope: fork() });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const signedInScope = async (handlers: Array<[unknown, unknown]> = []) => {
  const scope = fork({ handlers: handlers as never });
  await allSettled(signedIn, { scope, params: TOKENS });
  server.on('GET', '/api/users/me', () => ok(USER));
  await allSettled(meQuery.start, { scope, params: undefined });
  return scope;
};

describe('edit profile', () => {
  test('validation: the registration rules and messages; only changed fields are sent', () => {
    const original = { firstName: 'Ann', lastName: 'Petrova', phoneNumber: '+79991234567' };
    const bad = validateProfile({ firstName: '<b>', lastName: '', phoneNumber: '89991234567' }, original);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors).toEqual({
      firstName: expect.objectContaining({ key: 'auth:validation.nameMarkup' }),
      lastName: expect.objectContaining({ key: 'auth:validation.lastNameRequired' }),
      phoneNumber: expect.objectContaining({ defaultValue: 'Invalid phone number format' }),
    });
    expect(validateProfile({ ...original, phoneNumber: '+7999' }, original)).toMatchObject({ ok: false, errors: { phoneNumber: { defaultValue: 'Please enter a valid phone number' } } });
    expect(validateProfile({ ...original, phoneNumber: 'call me' }, original)).toMatchObject({ ok: false, errors: { phoneNumber: { defaultValue: 'Invalid Phone Number' } } });
    expect(validateProfile({ ...original, lastName: '  Smith ', phoneNumber: '+7 (999) 123-45-67' }, original)).toEqual({ ok: true, change: { lastName: 'Smith' } });
    expect(validateProfile(original, original)).toEqual({ ok: true, change: null });
  });

  test('a refused form sends nothing; a valid one PATCHes the change and the profile follows', async () => {
    server.on('PATCH', '/api/users/me', (request) => ok({ ...USER, ...(request.body as object), name: 'Maria Petrova' }));
    const scope = await signedInScope();
    await allSettled(editOpened, { scope, params: USER });
    await allSettled(fieldChanged, { scope, params: { field: 'firstName', value: 'Ann 😀' } });
    await allSettled(formSubmitted, { scope });
    expect(scope.getState($fieldErrors).firstName?.key).toBe('auth:validation.nameEmoji');
    expect(server.callsTo('PATCH', '/api/users/me')).toHaveLength(0);

    await allSettled(fieldChanged, { scope, params: { field: 'firstName', value: 'Maria' } });
    expect(scope.getState($fieldErrors)).toEqual({});
    await allSettled(formSubmitted, { scope });
    expect(server.callsTo('PATCH', '/api/users/me').map((c) => c.body)).toEqual([{ firstName: 'Maria' }]);
    expect(scope.getState($user)?.firstName).toBe('Maria');
    expect(scope.getState($editing)).toBe(false);
  });
});

describe('change email', () => {
  test('code to the new address, then confirm: the profile shows the new email', async () => {
    server.on('POST', '/api/users/me/email/send-code', () => ok({ resendInSeconds: 60, expiresInSeconds: 600 }));
    server.on('POST', '/api/users/me/email/confirm', () => ok({ ...USER, email: 'new@example.com' }));
    const scope = await signedInScope();
    await allSettled(changeEmailOpened, { scope });
    await allSettled(emailChanged, { scope, params: 'not-an-email' });
    await allSettled(emailSubmitted, { scope });
    expect(server.callsTo('POST', '/api/users/me/email/send-code')).toHaveLength(0);

    await allSettled(emailChanged, { scope, params: ' new@example.com ' });
    await allSettled(emailSubmitted, { scope });
    expect(server.callsTo('POST', '/api/users/me/email/send-code').map((c) => c.body)).toEqual([{ email: 'new@example.com' }]);
    expect(scope.getState($emailStep)).toBe('code');
    await allSettled(codeChanged, { scope, params: '12 34 56' });
    expect(scope.getState($code)).toBe('123456');
    await allSettled(codeSubmitted, { scope });
    expect(server.callsTo('POST', '/api/users/me/email/confirm').map((c) => c.body)).toEqual([{ email: 'new@example.com', code: '123456' }]);
    expect(scope.getState($user)?.email).toBe('new@example.com');
    expect(scope.getState($emailStep)).toBe('closed');
  });

  test('a taken address and a wrong code are shown with the server words', async () => {
    server.on('POST', '/api/users/me/email/send-code', () =>
      fail(409, { service: 'auth', code: 'EMAIL_TAKEN', message: 'An account with this email already exists. Sign in instead.' }),
    );
    const scope = await signedInScope();
    await allSettled(changeEmailOpened, { scope });
    await allSettled(emailChanged, { scope, params: 'taken@example.com' });
    await allSettled(emailSubmitted, { scope });
    expect(scope.getState($emailStep)).toBe('email');
    expect(scope.getState($emailError)?.keys).toContain('error-codes:EMAIL_TAKEN');
  });
});

describe('delete account', () => {
  test('blocked: the blockers are listed and nothing is deleted', async () => {
    server.on('GET', '/api/users/me/deletion', () => ok({ allowed: false, blockers: [{ kind: 'walletBalance', amount: 2512, currency: 'USD' }] }));
    const scope = await signedInScope();
    await allSettled(deleteOpened, { scope });
    expect(scope.getState($deleteStep)).toBe('blocked');
    expect(scope.getState($blockers)).toEqual([{ kind: 'walletBalance', amount: 2512, currency: 'USD' }]);
    await allSettled(deleteConfirmed, { scope });
    expect(server.callsTo('POST', '/api/users/me/delete')).toHaveLength(0);
  });

  test('allowed: confirmed, deleted, this device forgets its tokens and goes to the Welcome', async () => {
    server.on('GET', '/api/users/me/deletion', () => ok({ allowed: true, blockers: [] }));
    server.on('POST', '/api/users/me/delete', () => ok({ deleted: true }));
    const seen: NavigateTo[] = [];
    const scope = await signedInScope([[navigateFx, (to: NavigateTo) => void seen.push(to)]]);
    await allSettled(deleteOpened, { scope });
    expect(scope.getState($deleteStep)).toBe('confirm');
    await allSettled(deleteConfirmed, { scope });
    expect(server.callsTo('POST', '/api/users/me/delete').map((c) => c.body)).toEqual([{ confirm: true }]);
    expect(localStorage.getItem('tgwallet.accessToken')).toBeNull();
    expect(localStorage.getItem('tgwallet.refreshToken')).toBeNull();
    expect(seen).toEqual([{ to: '/', replace: true }]);
  });
});
