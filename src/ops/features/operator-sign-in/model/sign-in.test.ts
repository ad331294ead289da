import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { createFakeServer, fail, ok } from '@/shared/api/index.testing';
import { $operator, operatorSession } from '@/ops/entities/operator';
import {
  $challenge,
  $error,
  $step,
  codeChanged,
  codeSubmitted,
  emailChanged,
  emailSubmitted,
  secondFactorChanged,
  secondFactorSubmitted,
} from './sign-in';

const server = createFakeServer();
const operator = { id: 'opr_1', email: 'ada@example.com', name: 'Ada', roles: ['compliance'], secondFactorEnrolled: true, disabled: false, createdAt: '2030-01-01T00:00:00.000Z' };

beforeEach(() => {
  server.reset();
  vi.stubGlobal('fetch', server.fetch);
  configureApi({ baseUrl: '', getInitData: () => undefined, operatorSession });
  server.on('POST', '/api/ops/auth/send-code', () => ok({ resendInSeconds: 60, expiresInSeconds: 600 }));
});
afterEach(() => vi.unstubAllGlobals());

const toSecondFactor = async (scope: ReturnType<typeof fork>, factor: 'totp' | 'enrollTotp') => {
  server.on('POST', '/api/ops/auth/verify-code', () =>
    ok({ challenge: 'c'.repeat(43), factor, enrollment: factor === 'enrollTotp' ? { secret: 'ABC', uri: 'otpauth://totp/x?secret=ABC' } : null, expiresInSeconds: 300 }),
  );
  await allSettled(emailChanged, { scope, params: ' ada@example.com ' });
  await allSettled(emailSubmitted, { scope });
  expect(server.callsTo('POST', '/api/ops/auth/send-code')[0]?.body).toEqual({ email: 'ada@example.com' });
  expect(scope.getState($step)).toBe('code');
  await allSettled(codeChanged, { scope, params: '123456' });
  await allSettled(codeSubmitted, { scope });
};

describe('operator sign-in', () => {
  test('email, code, authenticator code: the session starts', async () => {
    const scope = fork();
    await toSecondFactor(scope, 'totp');
    expect(scope.getState($step)).toBe('secondFactor');
    server.on('POST', '/api/ops/auth/second-factor', () => ok({ accessToken: 't', expiresInSeconds: 600, operator }));
    await allSettled(secondFactorChanged, { scope, params: '654321' });
    await allSettled(secondFactorSubmitted, { scope });
    expect(server.callsTo('POST', '/api/ops/auth/second-factor')[0]?.body).toEqual({ challenge: 'c'.repeat(43), code: '654321' });
    expect(scope.getState($operator)?.id).toBe('opr_1');
    expect(scope.getState($step)).toBe('email'); // the form is ready for the next sign-in
  });

  test('the first sign-in shows the secret to set up', async () => {
    const scope = fork();
    await toSecondFactor(scope, 'enrollTotp');
    expect(scope.getState($challenge)?.enrollment?.secret).toBe('ABC');
  });

  test('a wrong authenticator code says so and stays; an expired challenge goes back to the email', async () => {
    const scope = fork();
    await toSecondFactor(scope, 'totp');
    server.on('POST', '/api/ops/auth/second-factor', () => fail(400, { service: 'ops', code: 'SECOND_FACTOR_INVALID', message: 'wrong' }));
    await allSettled(secondFactorChanged, { scope, params: '000000' });
    await allSettled(secondFactorSubmitted, { scope });
    expect(scope.getState($error)?.keys[0]).toBe('ops-errors:SECOND_FACTOR_INVALID');
    expect(scope.getState($step)).toBe('secondFactor');
    server.on('POST', '/api/ops/auth/second-factor', () => fail(400, { service: 'ops', code: 'CHALLENGE_EXPIRED', message: 'gone' }));
    await allSettled(secondFactorChanged, { scope, params: '111111' });
    await allSettled(secondFactorSubmitted, { scope });
    expect(scope.getState($step)).toBe('email');
    expect(scope.getState($error)?.keys[0]).toBe('ops-errors:CHALLENGE_EXPIRED');
  });
});
