import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { navigateFx, pushBackHandler, type NavigateTo } from '@/shared/lib';
import { backPressed } from './back';

const setup = () => {
  const seen: NavigateTo[] = [];
  const scope = fork({ handlers: [[navigateFx, (to: NavigateTo) => void seen.push(to)]] });
  return { scope, seen };
};

describe('shell back', () => {
  it('goes one step back when the screen was reached in the app, else to the fallback (replacing)', async () => {
    const { scope, seen } = setup();
    await allSettled(backPressed, { scope, params: { hasHistory: true, fallbackPath: '/wallet' } });
    await allSettled(backPressed, { scope, params: { hasHistory: false, fallbackPath: '/wallet' } });
    expect(seen).toEqual([{ back: true }, { to: '/wallet', replace: true }]);
  });

  it('an open overlay takes the press first: no navigation', async () => {
    const { scope, seen } = setup();
    let closed = 0;
    const off = pushBackHandler(() => void closed++);
    await allSettled(backPressed, { scope, params: { hasHistory: true, fallbackPath: '/wallet' } });
    off();
    expect(closed).toBe(1);
    expect(seen).toEqual([]);
  });
});
