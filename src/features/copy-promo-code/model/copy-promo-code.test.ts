// @vitest-environment happy-dom
import { allSettled, fork } from 'effector';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { initI18n, loadNamespaces } from '@/shared/i18n';
import { copyPromoCodeTexts } from '../i18n/texts';
import { $copyResult, copyFeedbackFx, COPIED_LABEL_MS, promoCodeCopyRequested } from './copy-promo-code';

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await loadNamespaces([copyPromoCodeTexts.ns, 'errors']);
});
beforeEach(() => {
  writeText.mockReset();
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('copy promo code', () => {
  test('copies the code, then confirms (haptic + toast) and shows "Copied" for a moment', async () => {
    vi.useFakeTimers();
    writeText.mockResolvedValue(undefined);
    const feedback = vi.fn();
    const scope = fork({ handlers: [[copyFeedbackFx, feedback]] });

    // allSettled also waits for the "Copied" label timer.
    const settled = allSettled(promoCodeCopyRequested, { scope, params: 'AB12CD34' });
    await vi.advanceTimersByTimeAsync(0);

    expect(writeText).toHaveBeenCalledWith('AB12CD34');
    expect(feedback).toHaveBeenCalledExactlyOnceWith('copied');
    expect(scope.getState($copyResult)).toBe('copied');

    await vi.advanceTimersByTimeAsync(COPIED_LABEL_MS);
    await settled;
    expect(scope.getState($copyResult)).toBe('idle');
  });

  test('a refused clipboard reports the failure ("Failed to copy to clipboard")', async () => {
    writeText.mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    const feedback = vi.fn();
    const scope = fork({ handlers: [[copyFeedbackFx, feedback]] });

    await allSettled(promoCodeCopyRequested, { scope, params: 'AB12CD34' });

    expect(feedback).toHaveBeenCalledExactlyOnceWith('failed');
    expect(scope.getState($copyResult)).toBe('failed');
  });

  test('no Clipboard API at all is a failure too, never an uncaught error', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const feedback = vi.fn();
    const scope = fork({ handlers: [[copyFeedbackFx, feedback]] });
    await allSettled(promoCodeCopyRequested, { scope, params: 'AB12CD34' });
    expect(feedback).toHaveBeenCalledExactlyOnceWith('failed');
  });

  test('the feedback effect uses the SPEC §8 message and haptics', async () => {
    const { notify } = await import('@/shared/ui');
    const { haptic } = await import('@/shared/platform');
    const error = vi.spyOn(notify, 'error').mockResolvedValue('t1');
    const success = vi.spyOn(notify, 'success').mockResolvedValue('t2');
    const vibrate = vi.spyOn(haptic, 'notification').mockImplementation(() => undefined);
    const scope = fork();
    await allSettled(copyFeedbackFx, { scope, params: 'failed' });
    expect(error).toHaveBeenCalledWith('Failed to copy to clipboard');
    expect(vibrate).toHaveBeenCalledWith('error');
    await allSettled(copyFeedbackFx, { scope, params: 'copied' });
    expect(success).toHaveBeenCalledExactlyOnceWith('Promo code copied');
    expect(vibrate).toHaveBeenCalledWith('success');
  });

  test('an empty code copies nothing', async () => {
    const feedback = vi.fn();
    const scope = fork({ handlers: [[copyFeedbackFx, feedback]] });
    await allSettled(promoCodeCopyRequested, { scope, params: '' });
    expect(writeText).not.toHaveBeenCalled();
    expect(feedback).not.toHaveBeenCalled();
  });
});
