import { describe, expect, it, vi } from 'vitest';

const fresh = async () => {
  vi.resetModules();
  return import('./first-screen');
};

describe('what waits for the first screen', () => {
  it('nothing waits when boot did not hold it (a component rendered on its own)', async () => {
    const { afterFirstScreen } = await fresh();
    await expect(afterFirstScreen()).resolves.toBeUndefined();
  });

  it('held by boot: released once the first screen has painted, then at once', async () => {
    const { afterFirstScreen, firstScreenPainted, holdUntilFirstScreen } = await fresh();
    holdUntilFirstScreen();
    const released = vi.fn();
    void afterFirstScreen().then(released);
    await Promise.resolve();
    expect(released).not.toHaveBeenCalled();
    firstScreenPainted();
    await vi.waitFor(() => expect(released).toHaveBeenCalledOnce());
    await expect(afterFirstScreen()).resolves.toBeUndefined();
    // A later hold (a second boot in the same page) changes nothing once painted.
    holdUntilFirstScreen();
    await expect(afterFirstScreen()).resolves.toBeUndefined();
  });
});
