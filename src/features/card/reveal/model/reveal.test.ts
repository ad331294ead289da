// @vitest-environment happy-dom
import { allSettled, fork } from 'effector';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCard, sealSensitive, TEST_PLAINTEXT, useCardsFakeApi } from '@/entities/card/index.testing';
import { ok } from '@/shared/api/index.testing';
import { i18n, initI18n } from '@/shared/i18n';
import { SensitiveBody } from '@/shared/contract';

const platform = vi.hoisted(() => ({
  features: { biometry: false, popup: false },
  biometryAvailable: true,
  biometryResult: true,
  popupAnswer: 'reveal' as string | null,
  hiddenListeners: new Set<() => void>(),
}));
const toasts = vi.hoisted(() => ({ error: [] as Array<[unknown, unknown]>, success: [] as Array<[unknown, unknown]>, warning: [] as Array<[unknown, unknown]> }));

vi.mock('@/shared/platform', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/shared/platform')>();
  return {
    ...actual,
    getPlatformInfo: () => ({ initialized: true, isMock: true, features: { ...actual.getPlatformInfo().features, ...platform.features } }),
    getBiometryStatus: vi.fn(async () => ({ ok: true, value: { available: platform.biometryAvailable, type: 'face', accessRequested: true, accessGranted: true, tokenSaved: false } })),
    authenticateWithBiometry: vi.fn(async () => ({ ok: true, value: platform.biometryResult })),
    showPopup: vi.fn(async () => ({ ok: true, value: platform.popupAnswer })),
    onAppHidden: (listener: () => void) => {
      platform.hiddenListeners.add(listener);
      return () => platform.hiddenListeners.delete(listener);
    },
  };
});
vi.mock('@/shared/ui', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/shared/ui')>();
  return {
    ...actual,
    notify: {
      ...actual.notify,
      error: vi.fn(async (message: unknown, options?: unknown) => toasts.error.push([message, options])),
      success: vi.fn(async (message: unknown, options?: unknown) => toasts.success.push([message, options])),
      warning: vi.fn(async (message: unknown, options?: unknown) => toasts.warning.push([message, options])),
    },
  };
});

// Imported after the mocks.
const { $revealed, $phase: $revealPhase, $secondsLeft, copyRequested, hideRequested, revealClosed, revealDialogCancelled, revealDialogConfirmed, revealRequested } = await import('./reveal');
const platformModule = await import('@/shared/platform');

const server = useCardsFakeApi();
const card = makeCard({ id: 'crd_1' });

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await i18n.loadNamespaces(['cards', 'card', 'card-reveal', 'errors']);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  platform.features = { biometry: false, popup: false };
  platform.biometryAvailable = true;
  platform.biometryResult = true;
  platform.popupAnswer = 'reveal';
  platform.hiddenListeners.clear();
  toasts.error.length = 0;
  toasts.success.length = 0;
  vi.mocked(platformModule.showPopup).mockClear();
  vi.mocked(platformModule.authenticateWithBiometry).mockClear();
  // The sandbox issuer: seals the card data to whatever key the request carries.
  server.on('POST', '/api/cards/sensitive', async (request) => {
    const body = SensitiveBody.parse(request.body);
    return ok(await sealSensitive(body.publicKey, body.cardId, TEST_PLAINTEXT));
  });
});

/**
 * Lets WebCrypto (real I/O, not timers) and the fake fetch finish without moving the fake clock:
 * spins on setImmediate (not faked) until `done()` holds.
 */
async function until(done: () => boolean, what = 'condition') {
  const deadline = performance.now() + 4_000;
  while (performance.now() < deadline) {
    await vi.advanceTimersByTimeAsync(0);
    if (done()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('reveal: authorisation', () => {
  it('without biometry and popup, asks in the in-app dialog; cancelling sends nothing', async () => {
    const scope = fork();
    void allSettled(revealRequested, { scope, params: card });
    await until(() => scope.getState($revealPhase) === 'dialog', 'dialog');
    expect(scope.getState($revealPhase)).toBe('dialog');
    await allSettled(revealDialogCancelled, { scope });
    expect(scope.getState($revealPhase)).toBe('idle');
    expect(server.callsTo('POST', '/api/cards/sensitive')).toHaveLength(0);
  });

  it('uses biometry where available (7.2+)', async () => {
    platform.features = { biometry: true, popup: true };
    const scope = fork();
    void allSettled(revealRequested, { scope, params: card });
    await until(() => scope.getState($revealPhase) === 'shown', 'shown');
    expect(platformModule.authenticateWithBiometry).toHaveBeenCalledTimes(1);
    expect(platformModule.showPopup).not.toHaveBeenCalled();
    expect(scope.getState($revealPhase)).toBe('shown');
    await allSettled(revealClosed, { scope });
  });

  it('a failed biometric check reveals nothing', async () => {
    platform.features = { biometry: true, popup: true };
    platform.biometryResult = false;
    const scope = fork();
    await allSettled(revealRequested, { scope, params: card });
    await until(() => vi.mocked(platformModule.authenticateWithBiometry).mock.calls.length === 1 && scope.getState($revealPhase) === 'idle', 'refusal');
    expect(scope.getState($revealPhase)).toBe('idle');
    expect(server.callsTo('POST', '/api/cards/sensitive')).toHaveLength(0);
  });

  it('asks with Telegram\'s popup where available; "Cancel" reveals nothing', async () => {
    platform.features = { biometry: false, popup: true };
    platform.popupAnswer = 'cancel';
    const scope = fork();
    await allSettled(revealRequested, { scope, params: card });
    await until(() => vi.mocked(platformModule.showPopup).mock.calls.length === 1 && scope.getState($revealPhase) === 'idle', 'cancel');
    expect(platformModule.showPopup).toHaveBeenCalledTimes(1);
    expect(scope.getState($revealPhase)).toBe('idle');
    expect(server.callsTo('POST', '/api/cards/sensitive')).toHaveLength(0);
  });

  it('ignores cards that do not allow reveal', async () => {
    const scope = fork();
    await allSettled(revealRequested, { scope, params: makeCard({ status: 'pending', allowedActions: [] }) });
    expect(scope.getState($revealPhase)).toBe('idle');
  });
});

describe('reveal: data', () => {
  async function reveal() {
    const scope = fork();
    void allSettled(revealRequested, { scope, params: card });
    await until(() => scope.getState($revealPhase) === 'dialog', 'dialog');
    void allSettled(revealDialogConfirmed, { scope });
    await until(() => ['shown', 'idle'].includes(scope.getState($revealPhase)), 'answer');
    return scope;
  }

  it('sends a fresh P-256 public key, decrypts in the browser and counts down', async () => {
    const scope = await reveal();
    const [call] = server.callsTo('POST', '/api/cards/sensitive');
    const body = SensitiveBody.parse(call!.body);
    expect(body.cardId).toBe('crd_1');
    expect(body.publicKey).toMatchObject({ kty: 'EC', crv: 'P-256' });
    expect(JSON.stringify(call!.body)).not.toContain('"d"'); // never the private key

    expect(scope.getState($revealPhase)).toBe('shown');
    expect(scope.getState($revealed)).toEqual({ cardId: 'crd_1', number: '4242 4242 4242 4242', expiry: '07/29', cvv: '123', holder: 'IVAN PETROV' });
    expect(scope.getState($secondsLeft)).toBe(30);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(scope.getState($secondsLeft)).toBe(20);
    await allSettled(revealClosed, { scope });
  });

  it('hides by itself when the time is up and drops the data', async () => {
    const scope = await reveal();
    expect(scope.getState($revealed)).not.toBeNull();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(scope.getState($revealed)).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(scope.getState($revealed)).toBeNull();
    expect(scope.getState($revealPhase)).toBe('idle');
    expect(scope.getState($secondsLeft)).toBe(0);
    expect(platform.hiddenListeners.size).toBe(0); // stopped listening for backgrounding
  });

  it('hides at once when the app goes to the background', async () => {
    const scope = await reveal();
    expect(platform.hiddenListeners.size).toBe(1);
    for (const listener of [...platform.hiddenListeners]) listener();
    await until(() => scope.getState($revealed) === null, 'hidden');
    expect(scope.getState($revealed)).toBeNull();
    expect(scope.getState($revealPhase)).toBe('idle');
  });

  it('hides on "Hide" and when the screen is left', async () => {
    const scope = await reveal();
    await allSettled(hideRequested, { scope });
    expect(scope.getState($revealed)).toBeNull();

    const again = await reveal();
    await allSettled(revealClosed, { scope: again });
    expect(again.getState($revealed)).toBeNull();
  });

  it('keeps nothing in localStorage', async () => {
    const scope = await reveal();
    const stored = JSON.stringify({ ...localStorage });
    expect(stored).not.toContain('4242424242424242');
    expect(stored).not.toContain('4242 4242');
    await allSettled(revealClosed, { scope });
  });

  it('a ciphertext that does not open is "Sensitive data decryption error"', async () => {
    server.on('POST', '/api/cards/sensitive', async (request) => {
      const body = SensitiveBody.parse(request.body);
      return ok(await sealSensitive(body.publicKey, 'crd_other', TEST_PLAINTEXT));
    });
    const scope = await reveal();
    expect(scope.getState($revealed)).toBeNull();
    expect(scope.getState($revealPhase)).toBe('idle');
    expect(toasts.error).toContainEqual(['Card Operation Error', { description: 'Sensitive data decryption error' }]);
  });

  it('a refused request is the "sensitive data" card operation error', async () => {
    server.on('POST', '/api/cards/sensitive', () => ({
      status: 409,
      json: { success: false, error: { service: 'cards', code: 'SENSITIVE_DATA_UNAVAILABLE', message: 'no' } },
    }));
    const scope = await reveal();
    expect(scope.getState($revealPhase)).toBe('idle');
    expect(toasts.error).toContainEqual([
      'Card Operation Error',
      { description: 'Failed to fetch card details. The card details are not available for this card right now.' },
    ]);
  });

  it('copies a field with feedback (without the spaces of the number)', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const scope = await reveal();
    // The countdown runs: allSettled would wait for it, so wait for the copy itself.
    void allSettled(copyRequested, { scope, params: 'number' });
    await until(() => toasts.success.length > 0, 'copied toast');
    expect(writeText).toHaveBeenCalledWith('4242424242424242');
    expect(toasts.success.at(-1)?.[0]).toBe('Card number copied');
    await allSettled(revealClosed, { scope });
  });
});

describe('reveal: the copied data leaves the clipboard when the data hides', () => {
  let clipboardText = '';
  let readRefused = false;
  let writeRefused = false;
  let focused = true;
  const writeText = vi.fn(async (text: string) => {
    if (writeRefused && text === '') throw new DOMException('denied', 'NotAllowedError');
    clipboardText = text;
  });
  const readText = vi.fn(async () => {
    if (readRefused) throw new DOMException('denied', 'NotAllowedError');
    return clipboardText;
  });

  beforeEach(() => {
    clipboardText = 'something older';
    readRefused = false;
    writeRefused = false;
    focused = true;
    writeText.mockClear();
    readText.mockClear();
    toasts.warning.length = 0;
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText, readText } });
    vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
  });

  async function revealAndCopy(field: 'number' | 'cvv' = 'number') {
    const scope = fork();
    void allSettled(revealRequested, { scope, params: card });
    await until(() => scope.getState($revealPhase) === 'dialog', 'dialog');
    void allSettled(revealDialogConfirmed, { scope });
    await until(() => scope.getState($revealPhase) === 'shown', 'shown');
    void allSettled(copyRequested, { scope, params: field });
    await until(() => toasts.success.length > 0, 'copied toast');
    return scope;
  }

  it('clears the number when the countdown ends', async () => {
    const scope = await revealAndCopy();
    expect(clipboardText).toBe('4242424242424242');
    await vi.advanceTimersByTimeAsync(30_000);
    await until(() => clipboardText === '', 'cleared');
    expect(scope.getState($revealed)).toBeNull();
    expect(writeText).toHaveBeenLastCalledWith('');
    expect(toasts.warning).toHaveLength(0);
  });

  it('clears on "Hide" and when the screen is left', async () => {
    const scope = await revealAndCopy('cvv');
    expect(clipboardText).toBe('123');
    await allSettled(hideRequested, { scope });
    expect(clipboardText).toBe('');

    toasts.success.length = 0;
    const again = await revealAndCopy();
    await allSettled(revealClosed, { scope: again });
    expect(clipboardText).toBe('');
  });

  it('leaves the clipboard alone when the user copied something else since', async () => {
    const scope = await revealAndCopy();
    clipboardText = 'my own note';
    await allSettled(hideRequested, { scope });
    expect(clipboardText).toBe('my own note');
    expect(writeText).not.toHaveBeenCalledWith('');
  });

  it('overwrites with an empty string when reading the clipboard is refused', async () => {
    const scope = await revealAndCopy();
    readRefused = true;
    await allSettled(hideRequested, { scope });
    expect(clipboardText).toBe('');
  });

  it('without focus (app in the background): says the data stays, and clears it when focus returns', async () => {
    const scope = await revealAndCopy();
    focused = false;
    for (const listener of [...platform.hiddenListeners]) listener();
    await until(() => toasts.warning.length > 0, 'warning');
    expect(scope.getState($revealed)).toBeNull();
    expect(clipboardText).toBe('4242424242424242');
    expect(toasts.warning.at(-1)?.[0]).toBe('The copied card data is still on your clipboard');

    focused = true;
    window.dispatchEvent(new Event('focus'));
    await until(() => clipboardText === '', 'cleared on focus');
    expect(clipboardText).toBe('');
  });

  it('says so when the platform refuses to overwrite the clipboard', async () => {
    const scope = await revealAndCopy();
    writeRefused = true;
    await allSettled(hideRequested, { scope });
    expect(clipboardText).toBe('4242424242424242');
    expect(toasts.warning.at(-1)?.[0]).toBe('The copied card data is still on your clipboard');
  });

  it('touches nothing when nothing was copied', async () => {
    const scope = fork();
    void allSettled(revealRequested, { scope, params: card });
    await until(() => scope.getState($revealPhase) === 'dialog', 'dialog');
    void allSettled(revealDialogConfirmed, { scope });
    await until(() => scope.getState($revealPhase) === 'shown', 'shown');
    await allSettled(hideRequested, { scope });
    expect(writeText).not.toHaveBeenCalled();
    expect(readText).not.toHaveBeenCalled();
    expect(clipboardText).toBe('something older');
  });
});
