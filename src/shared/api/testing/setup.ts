/** Shared set-up for tests that call the API: fake server as global fetch, base URL, init data, clean storage. */
import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, vi } from 'vitest';
import { configureApi } from '../config';
import { tokenStorage } from '../auth/tokens';
import { apiDataReset } from '../reset';
import { createFakeServer } from './fake-server';

export const BASE_URL = 'https://api.test';
export const INIT_DATA = 'query_id=AA1&user=%7B%22id%22%3A1%7D&auth_date=1700000000&hash=abc&signature=sig';

/**
 * A fake API as global fetch for the whole test file: before each test its routes are cleared and storage is empty;
 * `resetData` also empties the shared data cache (apiDataReset: what an earlier test's queries kept).
 */
export function useFakeApi({ resetData = false }: { resetData?: boolean } = {}) {
  const server = createFakeServer();
  beforeEach(async () => {
    server.reset();
    localStorage.clear();
    sessionStorage.clear(); // pending Idempotency-Keys (shared/api) start empty too
    vi.stubGlobal('fetch', server.fetch);
    configureApi({ baseUrl: BASE_URL, getInitData: () => INIT_DATA });
    if (resetData) await allSettled(apiDataReset, { scope: fork() });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return server;
}

export const signIn = (accessToken = 'access-1', refreshToken = 'refresh-1') =>
  tokenStorage.save({ accessToken, refreshToken });
