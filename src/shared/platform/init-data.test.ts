// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest';
import { getInitDataForServer, getRawInitData, initPlatform, resetPlatformForTests } from './init';
import { runtime } from './state';

/**
 * Outside Telegram the app runs on the development mock for the UI, but its init data is made up: it must never
 * reach the API as if it were real (a server with TELEGRAM_BOT_TOKEN refuses it, and sign-up/sign-in by email
 * from a plain browser would fail).
 */
describe('init data for the API (X-Telegram-Init-Data)', () => {
  afterEach(() => resetPlatformForTests());

  test('on the mock: none, although the mock has (made-up) raw init data for the SDK', async () => {
    const state = await initPlatform({ forceMock: true, mockInteractive: false });
    expect(state.ok).toBe(true);
    expect(getRawInitData()).toContain('hash=');
    expect(getInitDataForServer()).toBeUndefined();
  });

  test('inside Telegram: the raw tgWebAppData exactly as received', () => {
    runtime.isMock = false;
    runtime.rawInitData = 'query_id=AA&user=%7B%22id%22%3A1%7D&auth_date=1&hash=ab';
    expect(getInitDataForServer()).toBe('query_id=AA&user=%7B%22id%22%3A1%7D&auth_date=1&hash=ab');
    runtime.rawInitData = '';
    expect(getInitDataForServer()).toBeUndefined();
  });
});
