import { allSettled, fork, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { $isAuthenticated } from '@/entities/session';
import { $codeError, codeChanged, verifyEmailCodeTexts } from '@/features/verify-email-code';
import { apiDataReset, configureApi } from '@/shared/api';
import { createFakeServer, fail, ok, type FakeReply } from '@/shared/api/index.testing';
import * as platform from '@/shared/platform';
import {
  $canDetectCountry,
  $canUseTelegramPhone,
  $completed,
  $fieldErrors,
  $focusRequest,
  $formError,
  $step,
  $values,
  detectCountryClicked,
  fieldChanged,
  formSubmitted,
  promoCodeCleared,
  signUpPage,
  telegramPhoneClicked,
} from './sign-up';

vi.mock('@/shared/platform', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/shared/platform')>();
  return {
    ...actual,
    getStartParam: vi.fn(() => undefined),
    getPlatformInfo: vi.fn(() => ({ initialized: true, isMock: true, features: { contact: false, location: false } })),
    requestPhoneContact: vi.fn(),
    requestLocation: vi.fn(),
    haptic: { impact: vi.fn(), notification: vi.fn(), selection: vi.fn() },
  };
});

const server = createFakeServer();
const TOKENS = { accessToken: 'access-new', refreshToken: 'refresh-new', user: { id: 'usr_1', name: 'Ann Petrova' } };
const FORM = { firstName: 'Ann', lastName: 'Petrova', phoneNumber: '+7 912 345-67-89', country: 'RUS', email: 'ann@example.com' };
const authError = (status: number, code: string, message: string, fields?: Record<string, string>): FakeReply =>
  fail(status, { service: 'auth', code, message, ...(fields ? { fields } : {}) });

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
  vi.mocked(platform.getStartParam).mockReturnValue(undefined);
});

/** allSettled waits for the resend countdown too: move fake time until everything is done. */
async function run(promise: Promise<unknown>) {
  let done = false;
  void promise.finally(() => {
    done = true;
  });
  while (!done) await vi.advanceTimersByTimeAsync(1000);
}

async function openPage(scope: Scope) {
  await run(allSettled(signUpPage.opened, { scope, params: { returnTo: '/wallet' } }));
}

async function fill(scope: Scope, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) {
    await allSettled(fieldChanged, { scope, params: { field: field as never, value } });
  }
}

async function toCodeStep(scope: Scope, values: Record<string, string> = FORM) {
  await openPage(scope);
  await fill(scope, values);
  await run(allSettled(formSubmitted, { scope }));
  expect(scope.getState($step)).toBe('code');
}

describe('sign-up flow', () => {
  test('validation: nothing is sent; SPEC phone messages; errors follow edits after the first submit', async () => {
    const scope = fork();
    await openPage(scope);
    await fill(scope, { ...FORM, phoneNumber: '89123456789' });
    expect(scope.getState($fieldErrors)).toEqual({}); // not before the first submit

    await run(allSettled(formSubmitted, { scope }));
    expect(server.calls).toHaveLength(0);
    expect(scope.getState($step)).toBe('form');
    expect(scope.getState($fieldErrors).phoneNumber?.defaultValue).toBe('Invalid phone number format');
    expect(scope.getState($focusRequest)).toEqual({ field: 'phoneNumber', n: 1 });

    await fill(scope, { phoneNumber: '+7912' });
    expect(scope.getState($fieldErrors).phoneNumber?.defaultValue).toBe('Please enter a valid phone number');
    await fill(scope, { phoneNumber: 'call me' });
    expect(scope.getState($fieldErrors).phoneNumber?.defaultValue).toBe('Invalid Phone Number');
    await fill(scope, { phoneNumber: '+79123456789' });
    expect(scope.getState($fieldErrors)).toEqual({});
  });

  test('form → code → register: the tokens are stored and the flow completes', async () => {
    server.on('POST', '/api/auth/register', () => ok(TOKENS));
    const scope = fork();
    await toCodeStep(scope, { ...FORM, promoCode: 'friend42' });
    expect(server.callsTo('POST', '/api/auth/send-code')[0]?.body).toEqual({ email: 'ann@example.com', purpose: 'signup' });

    await run(allSettled(codeChanged, { scope, params: '123456' }));
    expect(server.callsTo('POST', '/api/auth/register')[0]?.body).toEqual({
      firstName: 'Ann',
      lastName: 'Petrova',
      phoneNumber: '+79123456789',
      country: 'RUS',
      email: 'ann@example.com',
      promoCode: 'FRIEND42',
      code: '123456',
    });
    expect(scope.getState($completed)).toBe(true);
    expect(scope.getState($isAuthenticated)).toBe(true);
    expect(localStorage.getItem('tgwallet.accessToken')).toBe('access-new');
    expect(localStorage.getItem('tgwallet.refreshToken')).toBe('refresh-new');
    expect(platform.haptic.notification).toHaveBeenCalledWith('success');
  });

  test('an unknown promo code goes back to the form; after removing it the same email code registers (no new code)', async () => {
    let registerCalls = 0;
    server.on('POST', '/api/auth/register', ({ body }) => {
      registerCalls += 1;
      return (body as { promoCode?: string }).promoCode
        ? authError(400, 'PROMO_CODE_UNKNOWN', 'Promo code not found', { promoCode: 'Promo code not found' })
        : ok(TOKENS);
    });
    const scope = fork();
    await toCodeStep(scope, { ...FORM, promoCode: 'NOSUCH1' });
    await run(allSettled(codeChanged, { scope, params: '654321' }));

    expect(scope.getState($step)).toBe('form');
    expect(scope.getState($fieldErrors).promoCode?.keys[0]).toBe(`${verifyEmailCodeTexts.ns}:serverErrors.PROMO_CODE_UNKNOWN`);
    expect(scope.getState($focusRequest)?.field).toBe('promoCode');
    expect(scope.getState($completed)).toBe(false);

    await allSettled(promoCodeCleared, { scope });
    expect(scope.getState($values).promoCode).toBe('');
    expect(scope.getState($fieldErrors).promoCode).toBeUndefined();
    await run(allSettled(formSubmitted, { scope }));

    expect(server.callsTo('POST', '/api/auth/send-code')).toHaveLength(1);
    expect(registerCalls).toBe(2);
    expect(server.callsTo('POST', '/api/auth/register')[1]?.body).toMatchObject({ code: '654321', email: 'ann@example.com' });
    expect(server.callsTo('POST', '/api/auth/register')[1]?.body).not.toHaveProperty('promoCode');
    expect(scope.getState($completed)).toBe(true);
  });

  test('a wrong code stays on the code step with the server\'s message', async () => {
    server.on('POST', '/api/auth/register', () =>
      authError(400, 'CODE_INVALID', 'Incorrect code. 4 attempts left.', { code: 'Incorrect code' }),
    );
    const scope = fork();
    await toCodeStep(scope);
    await run(allSettled(codeChanged, { scope, params: '000000' }));
    expect(scope.getState($step)).toBe('code');
    expect(scope.getState($codeError)).toMatchObject({ keys: expect.arrayContaining([`${verifyEmailCodeTexts.ns}:serverErrors.CODE_INVALID`]), values: { count: 4 } });
    expect(scope.getState($isAuthenticated)).toBe(false);
    expect(platform.haptic.notification).toHaveBeenCalledWith('error');
  });

  test('a taken email goes back to the form with the message on the email field; a new email needs a new code', async () => {
    server.on('POST', '/api/auth/register', () => authError(409, 'EMAIL_TAKEN', 'Email taken'));
    const scope = fork();
    await toCodeStep(scope);
    await run(allSettled(codeChanged, { scope, params: '111111' }));
    expect(scope.getState($step)).toBe('form');
    expect(scope.getState($fieldErrors).email?.keys[0]).toBe(`${verifyEmailCodeTexts.ns}:serverErrors.EMAIL_TAKEN`);

    await fill(scope, { email: 'ann2@example.com' });
    expect(scope.getState($fieldErrors).email).toBeUndefined();
    await run(allSettled(formSubmitted, { scope }));
    expect(server.callsTo('POST', '/api/auth/send-code')).toHaveLength(2);
    expect(scope.getState($step)).toBe('code');
  });

  test('sending the code fails: "Sign Up Error" box on the form with the reason', async () => {
    server.on('POST', '/api/auth/send-code', () => 'network-error');
    const scope = fork();
    await openPage(scope);
    await fill(scope, FORM);
    await run(allSettled(formSubmitted, { scope }));
    expect(scope.getState($step)).toBe('form');
    expect(scope.getState($formError)?.keys).toEqual(['errors:transport.network', 'errors:auth.registrationFailed', 'errors:general.error']);
  });

  test('a server failure while registering on the code step is shown there ("Registration failed" fallback)', async () => {
    server.on('POST', '/api/auth/register', () => ({ status: 500, json: { success: false, error: { service: 'api', code: 'INTERNAL', message: 'x' } } }));
    const scope = fork();
    await toCodeStep(scope);
    await run(allSettled(codeChanged, { scope, params: '222222' }));
    expect(scope.getState($step)).toBe('code');
    expect(scope.getState($codeError)?.keys).toEqual(['error-codes:INTERNAL', 'errors:auth.registrationFailed', 'errors:general.error']);
  });

  test('opening the page pre-fills the promo code from the referral start parameter', async () => {
    vi.mocked(platform.getStartParam).mockReturnValue('ref_FRIEND42');
    const scope = fork();
    await openPage(scope);
    expect(scope.getState($values).promoCode).toBe('FRIEND42');

    vi.mocked(platform.getStartParam).mockReturnValue('sbp_abc');
    const other = fork();
    await openPage(other);
    expect(other.getState($values).promoCode).toBe('');
  });

  test('Telegram prefill: shown only where supported; phone (with "+") and names, country from the location', async () => {
    const scope = fork();
    await openPage(scope);
    expect(scope.getState($canUseTelegramPhone)).toBe(false);
    expect(scope.getState($canDetectCountry)).toBe(false);

    vi.mocked(platform.getPlatformInfo).mockReturnValue({
      initialized: true,
      isMock: false,
      features: { contact: true, location: true } as never,
    });
    vi.mocked(platform.requestPhoneContact).mockResolvedValue({ ok: true, value: { phoneNumber: '79123456789', firstName: 'Anna', lastName: 'P' } });
    vi.mocked(platform.requestLocation).mockResolvedValue({ ok: true, value: { latitude: 53.9, longitude: 27.57 } });
    const tg = fork();
    await openPage(tg);
    expect(tg.getState($canUseTelegramPhone)).toBe(true);
    expect(tg.getState($canDetectCountry)).toBe(true);
    await allSettled(fieldChanged, { scope: tg, params: { field: 'lastName', value: 'Petrova' } });
    await allSettled(telegramPhoneClicked, { scope: tg });
    await allSettled(detectCountryClicked, { scope: tg });
    expect(tg.getState($values)).toMatchObject({ phoneNumber: '+79123456789', firstName: 'Anna', lastName: 'Petrova', country: 'BLR' });
  });
});
