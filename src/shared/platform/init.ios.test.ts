// @vitest-environment happy-dom
import { viewport } from '@telegram-apps/sdk-react';
import { describe, expect, it } from 'vitest';
import { requestLocation } from './capabilities/location';
import { cloudStorage } from './capabilities/cloud-storage';
import { initPlatform } from './init';

// A separate file: a fresh page (SDK state) for the mobile mock.
describe('initPlatform on the ios mock', () => {
  it('does not hang on the ios mock: viewport.mount() is answered', async () => {
    // A viewport timeout longer than the test's own: boot only finishes because the mock answers the request.
    const state = await initPlatform({ forceMock: true, mock: { platform: 'ios', version: '8.0', theme: 'dark' }, viewportTimeoutMs: 600_000 });
    expect(state.ok && state.platform).toBe('ios');
    expect(viewport.isMounted()).toBe(true);
    const methods = (window.__tgMockCalls ?? []).map((call) => call.method);
    expect(methods).toContain('web_app_request_viewport');
    expect(methods).toContain('web_app_request_safe_area');
    expect(document.documentElement.style.getPropertyValue('--tg-viewport-safe-area-inset-top')).toBe('0px');
    expect(document.documentElement.dataset.tgTheme).toBe('dark');
  });

  it('8.0 features work on the raised mock: location and cloud storage', async () => {
    await initPlatform({ forceMock: true, mock: { platform: 'ios', version: '8.0' } });
    expect(await requestLocation()).toEqual({ ok: true, value: { latitude: 55.7558, longitude: 37.6173 } });
    expect(await cloudStorage.setItem('draft_amount', '12.50')).toEqual({ ok: true, value: undefined });
    expect(await cloudStorage.getItem('draft_amount')).toEqual({ ok: true, value: '12.50' });
  });
});
