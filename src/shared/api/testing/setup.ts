/** Shared set-up for the transport tests: fake server as global fetch, base URL, init data, clean storage. */
import { afterEach, beforeEach, vi } from 'vitest';
import { configureApi } from '../config';
import { tokenStorage } from '../auth/tokens';
import { createFakeServer } from './fake-server';

export const BASE_URL = 'https://api.test';
export const INIT_DATA = 'query_id=AA1&user=%7B%22id%22%3A1%7D&auth_date=1700000000&hash=abc&signature=sig';

export function useFakeApi() {
  const server = createFakeServer();
  beforeEach(() => {
    server.reset();
    localStorage.clear();
    sessionStorage.clear(); // pending Idempotency-Keys (shared/api) start empty too
    vi.stubGlobal('fetch', server.fetch);
    configureApi({ baseUrl: BASE_URL, getInitData: () => INIT_DATA });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return server;
}

export const signIn = (accessToken = 'access-1', refreshToken = 'refresh-1') =>
  tokenStorage.save({ accessToken, refreshToken });
