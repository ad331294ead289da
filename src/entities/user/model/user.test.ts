import { allSettled, fork } from 'effector';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { apiDataReset, configureApi, tokenStorage } from '@/shared/api';
import { createFakeServer, fail, ok } from '@/shared/api/index.testing';
import { $moneyBlock } from './money-block';
import { $user, $userError, $userRefreshError, $verificationStatus, accountStatePoll, meQuery, userRefreshRequested, userRequested, UserGate } from './user';

const server = createFakeServer();
const profile = (verificationStatus: string) => ({
  id: 'usr_1',
  firstName: 'Ann',
  lastName: 'Petrova',
  name: 'Ann Petrova',
  email: 'ann@example.com',
  phoneNumber: '+79123456789',
  country: 'RUS',
  verificationStatus,
  telegram: null,
  promoCode: 'ANN123',
  frozen: null,
  verificationRequest: null,
  createdAt: '2025-01-02T03:04:05.000Z',
});

beforeEach(async () => {
  server.reset();
  localStorage.clear();
  vi.stubGlobal('fetch', server.fetch);
  configureApi({ baseUrl: '', getInitData: () => undefined });
  await allSettled(apiDataReset, { scope: fork() });
  tokenStorage.save({ accessToken: 'access-1', refreshToken: 'refresh-1' });
});

describe('user entity', () => {
  test('loads the profile with the bearer token and exposes the verification state', async () => {
    server.on('GET', '/api/users/me', () => ok(profile('under_verification')));
    const scope = fork();
    await allSettled(userRequested, { scope });
    expect(server.callsTo('GET', '/api/users/me')[0]?.headers.get('authorization')).toBe('Bearer access-1');
    expect(scope.getState($user)?.name).toBe('Ann Petrova');
    expect(scope.getState($verificationStatus)).toBe('under_verification');
  });

  test('refresh asks the server again (the cache is bypassed) and replaces the cached profile', async () => {
    let status = 'under_verification';
    server.on('GET', '/api/users/me', () => ok(profile(status)));
    const scope = fork();
    await allSettled(userRequested, { scope });
    await allSettled(userRequested, { scope }); // fresh cache: no new call
    expect(server.callsTo('GET', '/api/users/me')).toHaveLength(1);

    status = 'verified';
    await allSettled(userRefreshRequested, { scope });
    expect(scope.getState($verificationStatus)).toBe('verified');

    // A later cached start sees the new state too.
    const next = fork();
    await allSettled(meQuery.start, { scope: next, params: undefined });
    expect(next.getState($verificationStatus)).toBe('verified');
  });

  test('a failed refresh keeps the profile and says so', async () => {
    server.on('GET', '/api/users/me', () => ok(profile('verification_failed')));
    const scope = fork();
    await allSettled(userRequested, { scope });
    server.on('GET', '/api/users/me', () => fail(503, { service: 'api', code: 'UPSTREAM_UNAVAILABLE', message: 'down' }));
    await allSettled(userRefreshRequested, { scope });
    expect(scope.getState($verificationStatus)).toBe('verification_failed');
    expect(scope.getState($userRefreshError)?.keys).toContain('errors:auth.getUserFailed');
  });

  test('errors: "Failed to get user"; a rejected session is "Session invalid"', async () => {
    server.on('GET', '/api/users/me', () => fail(404, { service: 'users', code: 'NOT_FOUND', message: 'gone' }));
    const scope = fork();
    await allSettled(userRequested, { scope });
    expect(scope.getState($userError)?.keys).toEqual(['error-codes:NOT_FOUND', 'errors:auth.getUserFailed', 'errors:general.error']);

    await allSettled(apiDataReset, { scope });
    server.on('GET', '/api/users/me', () => fail(401, { service: 'api', code: 'UNAUTHORIZED', message: 'no' }));
    server.on('POST', '/api/auth/refresh-token', () => fail(401, { service: 'auth', code: 'REFRESH_TOKEN_INVALID', message: 'no' }));
    await allSettled(userRequested, { scope });
    expect(scope.getState($userError)).toEqual({ keys: ['errors:auth.sessionInvalid', 'errors:transport.authExpired'], defaultValue: 'Session invalid' });
  });
});

describe('an account an operator decides about (docs/ops.md "What the user sees")', () => {
  test('while under verification and shown, the profile is asked again until a decision; then the asking stops', async () => {
    const answers = ['under_verification', 'under_verification', 'verified'];
    server.on('GET', '/api/users/me', () => ok(profile(answers.shift() ?? 'verified')));
    const scope = fork({ handlers: [[accountStatePoll.waitFx, (payload: unknown) => payload]] });
    await allSettled(UserGate.open, { scope, params: {} });
    expect(scope.getState($moneyBlock)).toBeNull();
    expect(server.callsTo('GET', '/api/users/me')).toHaveLength(3);
    expect(scope.getState(accountStatePoll.$running)).toBe(false);
  });

  test('a frozen account is blocked for money with its reason, and asked again until it is unfrozen', async () => {
    const frozen = { ...profile('verified'), frozen: { reason: 'legal_order', since: '2030-01-01T00:00:00.000Z' } };
    const answers = [frozen, profile('verified')];
    server.on('GET', '/api/users/me', () => ok(answers.shift() ?? profile('verified')));
    const scope = fork({ handlers: [[accountStatePoll.waitFx, (payload: unknown) => payload]] });
    await allSettled(userRequested, { scope });
    expect(scope.getState($moneyBlock)).toBe('frozen'); // not shown by a screen (no gate): not asked again
    expect(server.callsTo('GET', '/api/users/me')).toHaveLength(1);
    await allSettled(UserGate.open, { scope, params: {} });
    expect(scope.getState($moneyBlock)).toBeNull();
  });

  test('a verified account is not asked again', async () => {
    server.on('GET', '/api/users/me', () => ok(profile('verified')));
    const scope = fork({ handlers: [[accountStatePoll.waitFx, (payload: unknown) => payload]] });
    await allSettled(UserGate.open, { scope, params: {} });
    expect(server.callsTo('GET', '/api/users/me')).toHaveLength(1);
  });
});
