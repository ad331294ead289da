// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { isTelegramBackButtonAvailable, useTelegramBackButton } from './capabilities/back-button';
import { isTelegramBottomButtonAvailable, onTelegramBottomButtonClick, setTelegramBottomButton } from './capabilities/bottom-button';
import { deviceStorage, isDeviceStoreSupported, secureStorage } from './capabilities/device-storage';
import { initPlatform } from './init';
import { holdVerticalSwipes } from './capabilities/swipe-behavior';
import { showSettingsButton } from './capabilities/settings-button';
import { hideKeyboard } from './capabilities/keyboard';
import { MOCK_STORAGE_KEYS } from './mock-device-storage';
import { getPlatformInfo } from './platform-info';

// A separate file: a fresh page (SDK state) for the 9.0 mock playing Telegram's chrome (tgMockChrome=telegram).
const calls = (method: string) => (window.__tgMockCalls ?? []).filter((call) => call.method === method).map((call) => call.params);
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the 9.0 mock with Telegram chrome', () => {
  beforeAll(async () => {
    const state = await initPlatform({ forceMock: true, mock: { version: '9.0', chrome: 'telegram' } });
    expect(state.ok && state.version).toBe('9.0');
  });

  it('has the native back and bottom buttons, so the app hides its in-page ones', () => {
    expect(isTelegramBackButtonAvailable()).toBe(true);
    expect(isTelegramBottomButtonAvailable('main')).toBe(true);
    expect(isTelegramBottomButtonAvailable('secondary')).toBe(true);
    expect(getPlatformInfo().features.deviceStorage).toBe(true);
  });

  it('draws the MainButton from the app and reports its presses', async () => {
    const pressed = vi.fn();
    const off = onTelegramBottomButtonClick('main', pressed);
    setTelegramBottomButton('main', { text: 'Get code', disabled: false, loading: true });
    expect(calls('web_app_setup_main_button').at(-1)).toMatchObject({ is_visible: true, is_active: true, is_progress_visible: true, text: 'Get code' });
    setTelegramBottomButton('main', { text: 'Get code', disabled: false, loading: false });
    const button = await vi.waitFor(() => {
      const drawn = document.querySelector<HTMLButtonElement>('[data-tg-mock-button="main"]');
      expect(drawn?.textContent).toBe('Get code');
      return drawn;
    });
    button?.click();
    await settle();
    expect(pressed).toHaveBeenCalledTimes(1);
    setTelegramBottomButton('main', null);
    expect(calls('web_app_setup_main_button').at(-1)).toMatchObject({ is_visible: false });
    off();
  });

  it("shows Telegram's BackButton in the mock's header and routes its press", async () => {
    const onBack = vi.fn();
    const { unmount } = renderHook(() => useTelegramBackButton({ visible: true, onBack }));
    await settle();
    const back = document.querySelector<HTMLButtonElement>('[data-tg-mock-button="back"]');
    expect(back?.style.visibility).toBe('visible');
    back?.click();
    await settle();
    expect(onBack).toHaveBeenCalledTimes(1);
    unmount();
    await settle();
    expect(back?.style.visibility).toBe('hidden');
  });

  it('keeps values in SecureStorage and DeviceStorage through the bridge; they survive localStorage.clear()', async () => {
    expect(isDeviceStoreSupported('secure')).toBe(true);
    expect(await secureStorage.setItem('tgwallet_refreshToken', 'refresh-1')).toEqual({ ok: true, value: undefined });
    expect(await deviceStorage.setItem('k', 'v')).toEqual({ ok: true, value: undefined });
    localStorage.clear();
    expect(await secureStorage.getItem('tgwallet_refreshToken')).toEqual({ ok: true, value: 'refresh-1' });
    expect(await deviceStorage.getItem('k')).toEqual({ ok: true, value: 'v' });
    expect(calls('web_app_secure_storage_save_key').at(-1)).toMatchObject({ key: 'tgwallet_refreshToken', value: 'refresh-1' });
    expect(sessionStorage.getItem(MOCK_STORAGE_KEYS.secure)).toContain('refresh-1'); // the mock-only store
    expect(await secureStorage.setItem('tgwallet_refreshToken', null)).toEqual({ ok: true, value: undefined });
    expect(await secureStorage.getItem('tgwallet_refreshToken')).toEqual({ ok: true, value: null });
    expect(await secureStorage.getItem('bad key!')).toMatchObject({ ok: false, error: { kind: 'invalid' } });
  });

  it('vertical swipes are off while any sheet holds them (counted: a sheet over a sheet), on again after the last', () => {
    const setups = () => calls('web_app_setup_swipe_behavior');
    const before = setups().length;
    const outer = holdVerticalSwipes();
    const inner = holdVerticalSwipes();
    expect(setups().slice(before)).toEqual([{ allow_vertical_swipe: false }]);
    inner();
    inner(); // a second release of the same hold changes nothing
    expect(setups().slice(before)).toEqual([{ allow_vertical_swipe: false }]);
    outer();
    expect(setups().slice(before)).toEqual([{ allow_vertical_swipe: false }, { allow_vertical_swipe: true }]);
  });

  it('the SettingsButton is shown while asked for, and its press reaches the app', async () => {
    const pressed = vi.fn();
    const hide = showSettingsButton(pressed);
    expect(calls('web_app_setup_settings_button').at(-1)).toEqual({ is_visible: true });
    const button = await vi.waitFor(() => {
      const drawn = document.querySelector<HTMLButtonElement>('[data-tg-mock-button="settings"]');
      expect(drawn?.style.display).toBe('inline-block');
      return drawn;
    });
    button?.click();
    await settle();
    expect(pressed).toHaveBeenCalledTimes(1);
    hide();
    expect(calls('web_app_setup_settings_button').at(-1)).toEqual({ is_visible: false });
  });

  it('hideKeyboard: Telegram\'s own call (9.1+ only) and the focused field loses focus everywhere', () => {
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    expect(document.activeElement).toBe(input);
    hideKeyboard();
    expect(document.activeElement).not.toBe(input);
    expect(calls('web_app_hide_keyboard')).toEqual([]); // 9.0: not yet Telegram's
    input.remove();
  });
});
