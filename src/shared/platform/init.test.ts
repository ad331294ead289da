// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { getPlatformInfo } from './platform-info';
import {
  getRawInitData,
  getStartParam,
  getTelegramLanguageCode,
  initPlatform,
  markReady,
  resetPlatformForTests,
} from './init';
import { parseLaunchParams } from './launch-params';
import { MOCK_USER_ID } from './mock';

afterEach(() => {
  resetPlatformForTests();
});

describe('initPlatform outside Telegram (6.7 mock)', () => {
  it('detects the browser, installs the 6.7 tdesktop mock and returns valid launch params', async () => {
    window.history.replaceState(null, '', '/wallet?tgWebAppStartParam=PROMO42');
    const started = Date.now();
    const state = await initPlatform();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(state.ok).toBe(true);
    if (!state.ok) return;
    expect(state).toMatchObject({ isMock: true, platform: 'tdesktop', version: '6.7' });
    expect(state.launchParams.initData.user.id).toBe(MOCK_USER_ID);
    expect(state.launchParams.initData.signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(state.launchParams.initData.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(getStartParam()).toBe('PROMO42');
    expect(getTelegramLanguageCode()).toBe(navigator.language.split('-')[0]);

    // The raw init data is the tgWebAppData string itself, and it re-validates.
    const raw = getRawInitData();
    expect(raw).toBe(state.rawInitData);
    expect(raw).toContain('auth_date=');
    expect(raw).toContain('signature=');
    expect(new URLSearchParams(raw).get('user')).toContain(`"id":${MOCK_USER_ID}`);

    // The same promise on a second call.
    expect(await initPlatform()).toBe(state);

    // Theme CSS variables are bound.
    expect(document.documentElement.style.getPropertyValue('--tg-theme-bg-color')).toBe('#ffffff');
    expect(document.documentElement.dataset.tgTheme).toBe('light');

    // The mock recorded the calls; markReady sends web_app_ready exactly once.
    markReady();
    markReady();
    const readyCalls = (window.__tgMockCalls ?? []).filter((call) => call.method === 'web_app_ready');
    expect(readyCalls).toHaveLength(1);

    // The query parameters are remembered for client-side navigation.
    expect(sessionStorage.getItem('platform.mock-config')).toContain('PROMO42');

    expect(getPlatformInfo()).toMatchObject({
      initialized: true,
      isMock: true,
      version: '6.7',
      features: {
        backButton: true,
        haptics: true,
        popup: true,
        qrScanner: true,
        cloudStorage: false,
        contact: false,
        biometry: false,
        safeArea: false,
        location: false,
        swipeBehavior: false,
      },
    });
  });

  it('never mounts swipe behaviour (it would turn vertical swipes off)', async () => {
    await initPlatform({ forceMock: true });
    const swipeCalls = (window.__tgMockCalls ?? []).filter((call) => call.method === 'web_app_setup_swipe_behavior');
    expect(swipeCalls).toEqual([]);
  });

  it('mock launch params pass the same validation as real ones', async () => {
    const state = await initPlatform({ forceMock: true, mock: { version: '7.2' } });
    expect(state.ok).toBe(true);
    const reparsed = parseLaunchParams({
      tgWebAppPlatform: 'tdesktop',
      tgWebAppVersion: '7.2',
      tgWebAppThemeParams: '{"bg_color":"#ffffff"}',
      tgWebAppData: getRawInitData(),
    });
    expect(reparsed.ok).toBe(true);
  });
});
