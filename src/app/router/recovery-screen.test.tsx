import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markReady } from '@/shared/platform';
import { useScreenShown } from './recovery-screen';

vi.mock('@/shared/platform', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/platform')>()),
  markReady: vi.fn(),
  startNativeLook: vi.fn(),
  isCloudStorageSupported: vi.fn(() => true),
}));
vi.mock('@/features/change-language', () => ({ languageCloudSyncStarted: vi.fn() }));

function Shown() {
  useScreenShown();
  return <p>screen</p>;
}

describe('useScreenShown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
    vi.mocked(markReady).mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('tells Telegram the app is ready in the task after the first frame (once it is painted), not a frame later', () => {
    render(<Shown />);
    expect(markReady).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    // The frame callback ran; its task has not.
    expect(markReady).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1); // well before a next frame
    expect(markReady).toHaveBeenCalledTimes(1);
  });

  it('the language sync and the native look start once the first paint is presented, once, not with markReady (issue #13)', async () => {
    // A fresh module: "the first screen" is module state, and the tests above painted one.
    vi.resetModules();
    const { useScreenShown: useFreshScreenShown } = await import('./recovery-screen');
    const { languageCloudSyncStarted } = await import('@/features/change-language');
    const { isCloudStorageSupported, markReady: freshMarkReady, startNativeLook } = await import('@/shared/platform');
    vi.mocked(isCloudStorageSupported).mockClear();
    vi.mocked(startNativeLook).mockClear();
    function Shown() {
      useFreshScreenShown();
      return <p>screen</p>;
    }
    const first = render(<Shown />);
    vi.advanceTimersToNextFrame();
    expect(isCloudStorageSupported).not.toHaveBeenCalled(); // nothing of it before the painted frame
    vi.advanceTimersByTime(1);
    expect(freshMarkReady).toHaveBeenCalled();
    // Telegram is told at once; the native look's chunk waits for the paint to be presented (happy-dom: the fallback).
    expect(startNativeLook).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(languageCloudSyncStarted).toHaveBeenCalledTimes(1));
    expect(startNativeLook).toHaveBeenCalledTimes(1);
    first.unmount();
    // The next screen tells Telegram again (idempotent there) but starts no second sync.
    render(<Shown />);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    await Promise.resolve();
    expect(languageCloudSyncStarted).toHaveBeenCalledTimes(1);
    expect(startNativeLook).toHaveBeenCalledTimes(1);
  });

  it('a screen gone before its first frame tells nothing', () => {
    const { unmount } = render(<Shown />);
    unmount();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(20);
    expect(markReady).not.toHaveBeenCalled();
  });
});
