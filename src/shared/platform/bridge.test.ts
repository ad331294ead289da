// @vitest-environment happy-dom
import { emitEvent } from '@telegram-apps/sdk-react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGE_KEYS, toBridgeError } from './bridge-result';
import { authenticateWithBiometry, getBiometryStatus } from './capabilities/biometry';
import { cloudStorage } from './capabilities/cloud-storage';
import { requestPhoneContact } from './capabilities/contact';
import { requestLocation } from './capabilities/location';
import { showPopup } from './capabilities/popup';
import { scanQrCode } from './capabilities/qr-scanner';
import { openInvoice } from './capabilities/invoice';
import { setClosingConfirmation } from './capabilities/closing-confirmation';
import { haptic } from './capabilities/haptic';
import { initPlatform } from './init';

const emit = emitEvent as (event: string, payload?: unknown) => void;
const unsupported = { ok: false, error: { kind: 'unsupported', messageKey: 'platform:errors.unsupported' } };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const calls = (method: string) => (window.__tgMockCalls ?? []).filter((call) => call.method === method);

describe('before initPlatform(): outside Mini Apps', () => {
  it('every wrapper answers "outside" without throwing', async () => {
    const outside = { ok: false, error: { kind: 'outside', messageKey: 'platform:errors.outside' } };
    expect(await showPopup({ message: 'Hi' })).toEqual(outside);
    expect(await scanQrCode()).toEqual(outside);
    expect(await cloudStorage.getItem('k')).toEqual(outside);
    expect(await getBiometryStatus()).toEqual(outside);
    expect(await openInvoice('https://t.me/invoice/abc')).toEqual(outside);
    expect(await setClosingConfirmation(true)).toEqual(outside);
    await setClosingConfirmation(false);
    expect(() => haptic.impact('light')).not.toThrow();
  });
});

describe('on the 6.7 mock', () => {
  beforeAll(async () => {
    const state = await initPlatform({ forceMock: true });
    expect(state.ok && state.version).toBe('6.7');
  });

  it('reports features newer than 6.7 as unsupported', async () => {
    expect(await getBiometryStatus()).toEqual(unsupported);
    expect(await authenticateWithBiometry('Show card details')).toEqual(unsupported);
    expect(await cloudStorage.getItem('theme')).toEqual(unsupported);
    expect(await cloudStorage.setItem('theme', 'dark')).toEqual(unsupported);
    expect(await requestPhoneContact()).toEqual(unsupported);
    expect(await requestLocation()).toEqual(unsupported);
  });

  it('haptics work silently on 6.7', () => {
    haptic.impact('medium');
    haptic.notification('success');
    haptic.selection();
    expect(calls('web_app_trigger_haptic_feedback')).toHaveLength(3);
  });

  it('closing confirmation is ref-counted', async () => {
    expect(await setClosingConfirmation(true)).toEqual({ ok: true, value: true });
    expect(await setClosingConfirmation(true)).toEqual({ ok: true, value: true });
    expect(await setClosingConfirmation(false)).toEqual({ ok: true, value: true });
    expect(await setClosingConfirmation(false)).toEqual({ ok: true, value: false });
    const setups = calls('web_app_setup_closing_behavior').map((call) => call.params);
    expect(setups.at(-1)).toEqual({ need_confirmation: false });
  });

  describe('popup', () => {
    it('validates SPEC §5 limits before calling Telegram', async () => {
      const invalid = (messageKey: string) => ({ ok: false, error: { kind: 'invalid', messageKey } });
      expect(await showPopup({ title: 'x'.repeat(65), message: 'ok' })).toEqual(
        invalid('platform:errors.popupTitleTooLong'),
      );
      expect(await showPopup({ message: '   ' })).toEqual(invalid('platform:errors.popupMessageEmpty'));
      expect(await showPopup({ message: 'x'.repeat(257) })).toEqual(invalid('platform:errors.popupMessageTooLong'));
      const four = ['a', 'b', 'c', 'd'].map((id) => ({ id, text: id.toUpperCase() }));
      expect(await showPopup({ message: 'Pick', buttons: four })).toEqual(invalid('platform:errors.popupButtons'));
      expect(calls('web_app_open_popup')).toHaveLength(0);
    });

    it('accepts the limits exactly and returns the pressed button', async () => {
      const pending = showPopup({
        title: 't'.repeat(64),
        message: 'm'.repeat(256),
        buttons: [
          { id: 'freeze', type: 'destructive', text: 'Freeze' },
          { id: 'keep', text: 'Keep' },
          { id: 'cancel', type: 'cancel' },
        ],
      });
      await tick();
      // A second popup while the first is open: concurrent.
      expect(await showPopup({ message: 'Second' })).toEqual({
        ok: false,
        error: { kind: 'concurrent', messageKey: 'platform:errors.concurrent', detail: 'A popup is already opened' },
      });
      emit('popup_closed', { button_id: 'freeze' });
      expect(await pending).toEqual({ ok: true, value: 'freeze' });
    });

    it('resolves null when dismissed', async () => {
      const pending = showPopup({ message: 'Dismiss me' });
      await tick();
      emit('popup_closed', {});
      expect(await pending).toEqual({ ok: true, value: null });
    });
  });

  describe('QR scanner', () => {
    it('returns the first code that validates and closes the scanner', async () => {
      const pending = scanQrCode({ text: 'Scan', validate: (code) => code.startsWith('T') });
      await tick();
      emit('qr_text_received', { data: 'not-an-address' });
      emit('qr_text_received', { data: 'TXYZ123' });
      expect(await pending).toEqual({ ok: true, value: 'TXYZ123' });
      expect(calls('web_app_close_scan_qr_popup').length).toBeGreaterThan(0);
    });

    it('a second scan while one is open is "concurrent"', async () => {
      const first = scanQrCode({ timeoutMs: 5000 });
      await tick();
      expect(await scanQrCode()).toEqual({
        ok: false,
        error: { kind: 'concurrent', messageKey: 'platform:errors.concurrent' },
      });
      emit('scan_qr_popup_closed');
      expect(await first).toEqual({ ok: false, error: { kind: 'cancelled', messageKey: 'platform:errors.cancelled' } });
    });

    it('always settles after the timeout, closes the scanner and frees it for the next try', async () => {
      const closesBefore = calls('web_app_close_scan_qr_popup').length;
      const started = Date.now();
      const result = await scanQrCode({ timeoutMs: 50 });
      expect(result).toEqual({ ok: false, error: { kind: 'timeout', messageKey: 'platform:errors.timeout' } });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(calls('web_app_close_scan_qr_popup').length).toBe(closesBefore + 1);
      await tick();

      const next = scanQrCode({ timeoutMs: 5000 });
      await tick();
      emit('qr_text_received', { data: 'second-try' });
      expect(await next).toEqual({ ok: true, value: 'second-try' });
    });
  });

  it('invoice needs a t.me/invoice link', async () => {
    expect(await openInvoice('https://example.com/pay')).toEqual({
      ok: false,
      error: { kind: 'invalid', messageKey: 'platform:errors.invoiceLink' },
    });
    const pending = openInvoice('https://t.me/invoice/AbC-123');
    await tick();
    emit('invoice_closed', { slug: 'AbC-123', status: 'paid' });
    expect(await pending).toEqual({ ok: true, value: 'paid' });
  });
});

describe('toBridgeError', () => {
  const named = (name: string, message = '') => Object.assign(new Error(message), { name });

  it.each([
    [named('FunctionNotAvailableError', 'Unable to call: it is unsupported in Mini Apps version 6.7'), 'unsupported'],
    [named('FunctionNotAvailableError', "Unable to call: it can't be called outside Mini Apps"), 'outside'],
    [named('FunctionNotAvailableError', 'Unable to call: the SDK was not initialized.'), 'outside'],
    [named('ConcurrentCallError', 'busy'), 'concurrent'],
    [named('InvalidArgumentsError'), 'invalid'],
    [named('ValiError'), 'invalid'],
    [named('TimeoutError'), 'timeout'],
    [named('CancelledError'), 'cancelled'],
    [new Error('boom'), 'failed'],
    ['not even an error', 'failed'],
  ] as const)('%s → %s', (error, kind) => {
    const mapped = toBridgeError(error);
    expect(mapped.kind).toBe(kind);
    expect(mapped.messageKey).toBe(ERROR_MESSAGE_KEYS[kind]);
  });
});
