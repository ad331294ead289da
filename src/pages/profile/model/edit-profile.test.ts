// @vitest-environment happy-dom
/** Profile edits (name and phone): the page's model with a fake API (fork + allSettled). */
import { allSettled, fork } from 'effector';
import { describe, expect, test, vi } from 'vitest';
import { signedIn } from '@/entities/session';
import { $user, meQuery, userTexts } from '@/entities/user';
import { ok, useFakeApi } from '@/shared/api/index.testing';
import type { UserProfile } from '@/shared/contract';
import { $editing, $fieldErrors, editOpened, fieldChanged, formSubmitted, validateProfile } from './edit-profile';

vi.mock('@/shared/ui', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/shared/ui')>();
  return { ...actual, notify: { ...actual.notify, success: vi.fn(async () => undefined) } };
});

const server = useFakeApi({ resetData: true });
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

const signedInScope = async () => {
  const scope = fork();
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
      firstName: expect.objectContaining({ key: `${userTexts.ns}:validation.nameMarkup` }),
      lastName: expect.objectContaining({ key: `${userTexts.ns}:validation.lastNameRequired` }),
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
    expect(scope.getState($fieldErrors).firstName?.key).toBe(`${userTexts.ns}:validation.nameEmoji`);
    expect(server.callsTo('PATCH', '/api/users/me')).toHaveLength(0);

    await allSettled(fieldChanged, { scope, params: { field: 'firstName', value: 'Maria' } });
    expect(scope.getState($fieldErrors)).toEqual({});
    await allSettled(formSubmitted, { scope });
    expect(server.callsTo('PATCH', '/api/users/me').map((c) => c.body)).toEqual([{ firstName: 'Maria' }]);
    expect(scope.getState($user)?.firstName).toBe('Maria');
    expect(scope.getState($editing)).toBe(false);
  });
});
