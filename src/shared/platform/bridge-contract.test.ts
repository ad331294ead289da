// @vitest-environment happy-dom
/**
 * The dev mock and the app's bridge calls against Telegram's own script (fixtures/telegram-web-app.json, recorded from
 * telegram-web-app.js): every method the app posts exists there with the parameters it takes, every event the mock
 * sends exists there with the payload keys the script reads, every event the capabilities listen for is one Telegram
 * sends, and the SDK's version table gates each method where the script does. So the mock cannot drift from the real
 * client (issue #35) — e.g. listening for `activated` (the script's own name, not a bridge event) fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { emitEvent, supports, type MethodName } from '@telegram-apps/sdk-react';
import { beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/telegram-web-app.json';
import { onAppActivity } from './capabilities/app-activity';
import { getBiometryStatus } from './capabilities/biometry';
import { setTelegramBottomButton } from './capabilities/bottom-button';
import { setChromeColors } from './capabilities/chrome-colors';
import { setClosingConfirmation } from './capabilities/closing-confirmation';
import { cloudStorage } from './capabilities/cloud-storage';
import { deviceStorage, secureStorage } from './capabilities/device-storage';
import { downloadFile } from './capabilities/download';
import { haptic } from './capabilities/haptic';
import { addToHomeScreen, checkHomeScreen } from './capabilities/home-screen';
import { hideKeyboard } from './capabilities/keyboard';
import { openLink, openTelegramLink } from './capabilities/links';
import { requestLocation } from './capabilities/location';
import { lockPortraitOnPhones } from './capabilities/orientation';
import { showPopup } from './capabilities/popup';
import { showSettingsButton } from './capabilities/settings-button';
import { shareMessage } from './capabilities/share-message';
import { holdVerticalSwipes } from './capabilities/swipe-behavior';
import { requestWriteAccess } from './capabilities/write-access';
import { initPlatform } from './init';

type Spec = { since: string; params: string[] };
const METHODS = fixture.methods as Record<string, Spec>;
const EVENTS = fixture.events as Record<string, { payload: string[] }>;
const keysOf = (value: unknown) => (value && typeof value === 'object' ? Object.keys(value as object) : []);
const emit = emitEvent as (event: string, payload?: unknown) => void;
const settle = () => new Promise((done) => setTimeout(done, 30));

describe('the app and the mock speak Telegram\'s bridge (telegram-web-app.js)', () => {
  beforeAll(async () => {
    // The newest client the app knows, on a phone, with Telegram's chrome: every capability is available.
    const state = await initPlatform({ forceMock: true, mock: { version: '9.1', platform: 'ios', chrome: 'telegram' }, mockInteractive: false });
    expect(state.ok && state.version).toBe('9.1');
    // Exercise every capability once (answers the mock does not give by itself are sent as Telegram would).
    haptic.impact('light');
    haptic.notification('success');
    haptic.selection();
    await setClosingConfirmation(true);
    await setClosingConfirmation(false);
    holdVerticalSwipes()();
    lockPortraitOnPhones();
    hideKeyboard();
    setChromeColors({ background: '#ffffff', bottomBar: '#f1f1f1' });
    setTelegramBottomButton('main', { text: 'Pay', disabled: false, loading: false });
    setTelegramBottomButton('secondary', { text: 'Back', disabled: false, loading: true });
    showSettingsButton(() => undefined)();
    onAppActivity({ onBackground: () => undefined })();
    const popup = showPopup({ title: 'Sure?', message: 'Sign out?', buttons: [{ id: 'yes', type: 'destructive', text: 'Sign out' }, { id: 'no', type: 'cancel' }] });
    await settle();
    emit('popup_closed', { button_id: 'no' });
    await popup;
    expect((await requestWriteAccess()).ok).toBe(true);
    expect(await checkHomeScreen()).toBe('missed');
    expect((await addToHomeScreen()).ok).toBe(true);
    expect((await shareMessage('pm_1')).ok).toBe(true);
    await cloudStorage.setItem('language', 'ru');
    await cloudStorage.getItem('language');
    await secureStorage.setItem('k', 'v');
    await deviceStorage.getItem('k');
    await getBiometryStatus();
    await requestLocation();
    await downloadFile('https://example.com/s.csv', 's.csv');
    await openLink('https://example.com');
    await openTelegramLink('https://t.me/share/url?url=x');
    await settle();
  }, 20_000);

  it('every method the app posted is Telegram\'s, with parameters Telegram takes', () => {
    const calls = window.__tgMockCalls ?? [];
    expect(calls.length).toBeGreaterThan(20);
    for (const call of calls) {
      const spec = METHODS[call.method];
      expect(spec, `${call.method} is not a method of telegram-web-app.js`).toBeDefined();
      for (const key of keysOf(call.params)) expect(spec!.params, `${call.method} takes no "${key}"`).toContain(key);
    }
    const posted = new Set(calls.map((call) => call.method));
    for (const method of ['web_app_request_write_access', 'web_app_setup_settings_button', 'web_app_setup_swipe_behavior', 'web_app_toggle_orientation_lock', 'web_app_hide_keyboard', 'web_app_set_header_color', 'web_app_set_background_color', 'web_app_set_bottom_bar_color', 'web_app_check_home_screen', 'web_app_add_to_home_screen', 'web_app_send_prepared_message']) {
      expect(posted, method).toContain(method);
    }
  });

  it('every event the mock sent is Telegram\'s, with the payload keys Telegram\'s script reads', () => {
    const events = window.__tgMockEvents ?? [];
    expect(events.length).toBeGreaterThan(10);
    for (const { event, payload } of events) {
      const spec = EVENTS[event];
      expect(spec, `${event} is not an event of telegram-web-app.js`).toBeDefined();
      for (const key of keysOf(payload)) expect(spec!.payload, `${event} carries no "${key}"`).toContain(key);
    }
  });

  it('every event the capabilities listen for, and every method they post, is Telegram\'s (read from their source)', () => {
    const dir = resolve(import.meta.dirname, 'capabilities');
    const listened = new Set<string>();
    const posted = new Set<string>();
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      const source = readFileSync(resolve(dir, file), 'utf8');
      for (const match of source.matchAll(/\b(?:listen|on|off)(?:<[^>]*>)?\(\s*'([a-z_]+)'/g)) listened.add(match[1]!);
      for (const match of source.matchAll(/\bask(?:<[^>]*>)?\(\s*'([a-z_]+)',\s*\[([^\]]*)\]/g)) {
        posted.add(match[1]!);
        for (const event of match[2]!.matchAll(/'([a-z_]+)'/g)) listened.add(event[1]!);
      }
      for (const match of source.matchAll(/'(web_app_[a-z_]+)'/g)) posted.add(match[1]!);
      for (const match of source.matchAll(/'([a-z_]+_(?:pressed|changed|received|requested|closed|checked|added|failed|sent|saved|cleared|updated|invoked))'/g)) listened.add(match[1]!);
    }
    expect(listened.size).toBeGreaterThan(10);
    for (const event of listened) expect(EVENTS[event], `listens for "${event}", which Telegram never sends`).toBeDefined();
    for (const method of posted) expect(METHODS[method], `posts "${method}", which Telegram does not know`).toBeDefined();
  });

  it('the SDK gates each method at the version Telegram\'s script does (its known divergences listed, no new one)', () => {
    const previous = (version: string) => {
      const [major = 0, minor = 0] = version.split('.').map(Number);
      return minor > 0 ? `${major}.${minor - 1}` : `${major - 1}.99`;
    };
    const diverging: string[] = [];
    for (const [method, spec] of Object.entries(METHODS)) {
      if (method === 'iframe_ready') continue;
      const atSince = supports(method as MethodName, spec.since);
      const before = spec.since !== '6.0' && supports(method as MethodName, previous(spec.since));
      if (!atSince || before) diverging.push(method);
    }
    expect(diverging.sort()).toEqual(Object.keys(fixture.sdkDivergences).sort());
  });
});
