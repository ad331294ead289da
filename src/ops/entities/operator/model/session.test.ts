import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { configureApi, request } from '@/shared/api';
import { createFakeServer, fail, ok } from '@/shared/api/index.testing';
import { opsMe, type Operator } from '@/shared/contract/ops';
import { $operator, $sessionState, operatorSession, restoreSessionFx, sessionEnded, sessionStarted, signOutFx } from './session';

const server = createFakeServer();
const operator: Operator = { id: 'opr_1', email: 'ada@example.com', name: 'Ada', roles: ['admin'], secondFactorEnrolled: true, disabled: false, createdAt: '2030-01-01T00:00:00.000Z' };
const session = (token: string) => ({ accessToken: token, expiresInSeconds: 600, operator });
const ended = fail(401, { service: 'ops', code: 'OPS_SESSION_ENDED', message: 'ended' });

beforeEach(() => {
  server.reset();
  vi.stubGlobal('fetch', server.fetch);
  configureApi({ baseUrl: '', getInitData: () => undefined, operatorSession });
});
afterEach(() => vi.unstubAllGlobals());

describe('the operator session', () => {
  test('a reload restores the session from the renewal cookie; its token goes with operator calls only', async () => {
    server.on('POST', '/api/ops/auth/refresh', () => ok(session('token-1')));
    server.on('GET', '/api/ops/me', (req) => (req.headers.get('authorization') === 'Bearer token-1' ? ok(operator) : ended));
    const scope = fork();
    await allSettled(restoreSessionFx, { scope });
    expect(scope.getState($sessionState)).toBe('signedIn');
    expect(scope.getState($operator)?.id).toBe('opr_1');
    expect(await request(opsMe)).toEqual(operator);
    // The refresh call itself carried no bearer token (the cookie is the browser's).
    expect(server.callsTo('POST', '/api/ops/auth/refresh')[0]?.headers.get('authorization')).toBeNull();
  });

  test('without a session cookie: signed out', async () => {
    server.on('POST', '/api/ops/auth/refresh', () => ended);
    const scope = fork();
    await allSettled(restoreSessionFx, { scope });
    expect(scope.getState($sessionState)).toBe('signedOut');
  });

  test('an expired access token is renewed once, then the call is sent again', async () => {
    sessionStarted(session('old'));
    server.on('POST', '/api/ops/auth/refresh', () => ok(session('new')));
    server.on('GET', '/api/ops/me', (req) => (req.headers.get('authorization') === 'Bearer new' ? ok(operator) : ended));
    const [a, b] = await Promise.all([request(opsMe), request(opsMe)]);
    expect(a).toEqual(operator);
    expect(b).toEqual(operator);
    expect(server.callsTo('POST', '/api/ops/auth/refresh')).toHaveLength(1);
  });

  test('a renewal refused ends the session', async () => {
    sessionStarted(session('old'));
    server.on('POST', '/api/ops/auth/refresh', () => ended);
    server.on('GET', '/api/ops/me', () => ended);
    const endings = vi.fn();
    const unwatch = sessionEnded.watch(endings);
    await expect(request(opsMe)).rejects.toMatchObject({ status: 401 });
    unwatch();
    expect(endings).toHaveBeenCalledTimes(1);
    expect(server.callsTo('POST', '/api/ops/auth/refresh')).toHaveLength(1);
  });

  test('sign-out ends the session on the server and forgets the token', async () => {
    server.on('POST', '/api/ops/auth/refresh', () => ok(session('token-2')));
    server.on('POST', '/api/ops/auth/logout', () => ok({ signedOut: true }));
    server.on('GET', '/api/ops/me', (req) => (req.headers.get('authorization') === 'Bearer token-2' ? ok(operator) : ended));
    const scope = fork();
    await allSettled(restoreSessionFx, { scope });
    await allSettled(signOutFx, { scope });
    expect(scope.getState($sessionState)).toBe('signedOut');
    expect(scope.getState($operator)).toBeNull();
    server.on('POST', '/api/ops/auth/refresh', () => ended);
    await expect(request(opsMe)).rejects.toMatchObject({ status: 401 });
  });
});
