// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { emitEvent } from '@telegram-apps/sdk-react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initPlatform } from '../init';
import { isTelegramBackButtonAvailable, setTelegramBackButtonSuspended, useTelegramBackButton } from './back-button';

const setups = () =>
  (window.__tgMockCalls ?? []).filter((call) => call.method === 'web_app_setup_back_button').map((call) => call.params);

describe('useTelegramBackButton on the mock', () => {
  beforeAll(async () => {
    await initPlatform({ forceMock: true });
  });

  it('shows on non-root screens, hides on root and calls onBack when pressed', () => {
    const onBack = vi.fn();
    const { rerender, unmount } = renderHook((props: { visible: boolean }) =>
      useTelegramBackButton({ visible: props.visible, onBack }),
    { initialProps: { visible: true } });
    expect(setups().at(-1)).toEqual({ is_visible: true });

    (emitEvent as (event: string) => void)('back_button_pressed');
    expect(onBack).toHaveBeenCalledTimes(1);

    rerender({ visible: false });
    expect(setups().at(-1)).toEqual({ is_visible: false });
    unmount();
  });

  it('app lock: suspended hides the button whatever the app asks; resumed shows it again if still asked for', () => {
    const { rerender, unmount } = renderHook((props: { visible: boolean }) => useTelegramBackButton({ visible: props.visible, onBack: () => undefined }), {
      initialProps: { visible: true },
    });
    expect(setups().at(-1)).toEqual({ is_visible: true });
    setTelegramBackButtonSuspended(true);
    expect(setups().at(-1)).toEqual({ is_visible: false });
    rerender({ visible: true });
    expect(setups().at(-1)).toEqual({ is_visible: false });
    setTelegramBackButtonSuspended(false);
    expect(setups().at(-1)).toEqual({ is_visible: true });
    rerender({ visible: false });
    setTelegramBackButtonSuspended(true);
    setTelegramBackButtonSuspended(false);
    expect(setups().at(-1)).toEqual({ is_visible: false });
    unmount();
  });

  it('reports no native back button on the mock, so in-page arrows stay visible', () => {
    expect(isTelegramBackButtonAvailable()).toBe(false);
  });
});

describe('device storages before 9.0', () => {
  it('are unsupported on the 6.7 mock (no bridge call)', async () => {
    const { secureStorage, isDeviceStoreSupported } = await import('./device-storage');
    expect(isDeviceStoreSupported('secure')).toBe(false);
    expect(await secureStorage.getItem('tgwallet_refreshToken')).toMatchObject({ ok: false, error: { kind: 'unsupported' } });
    expect((window.__tgMockCalls ?? []).some((call) => call.method.startsWith('web_app_secure_storage'))).toBe(false);
  });

  it('the default mock draws no Telegram chrome and has no native bottom buttons', async () => {
    const { isTelegramBottomButtonAvailable } = await import('./bottom-button');
    expect(isTelegramBottomButtonAvailable('main')).toBe(false);
    expect(document.querySelector('[data-tg-mock-chrome]')).toBeNull();
  });
});
