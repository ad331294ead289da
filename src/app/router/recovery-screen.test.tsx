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

  it("tells Telegram the app is ready from the screen's first commit (its passive effect), without waiting for a frame callback", () => {
    render(<Shown />);
    // No frame callback or timer has run: the effect of the commit itself said it (as the bare React page marks itself).
    expect(markReady).toHaveBeenCalledTimes(1);
  });

  it('says it once per screen, not on its re-renders', () => {
    const { rerender } = render(<Shown />);
    rerender(<Shown />);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(20);
    expect(markReady).toHaveBeenCalledTimes(1);
  });
});
