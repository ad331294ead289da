import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markReady } from '@/shared/platform';
import { useScreenShown } from './recovery-screen';

vi.mock('@/shared/platform', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/shared/platform')>()), markReady: vi.fn() }));

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

  it('a screen gone before its first frame tells nothing', () => {
    const { unmount } = render(<Shown />);
    unmount();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(20);
    expect(markReady).not.toHaveBeenCalled();
  });
});
