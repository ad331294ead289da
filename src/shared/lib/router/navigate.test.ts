import { allSettled, createEvent, fork, sample } from 'effector';
import { describe, expect, it } from 'vitest';
import { navigateFx, type NavigateTo } from './navigate';

describe('navigateFx', () => {
  it('a model navigates by sampling into the effect; tests replace the router', async () => {
    const issued = createEvent<string>();
    sample({ clock: issued, fn: (id): NavigateTo => ({ to: `/cards/${id}`, replace: true }), target: navigateFx });
    const seen: NavigateTo[] = [];
    const scope = fork({ handlers: [[navigateFx, (to: NavigateTo) => void seen.push(to)]] });
    await allSettled(issued, { scope, params: 'c1' });
    expect(seen).toEqual([{ to: '/cards/c1', replace: true }]);
  });

  it('fails (no silent no-op) when no router is bound', async () => {
    const scope = fork();
    const result = await allSettled(navigateFx, { scope, params: { to: '/wallet' } });
    expect(result.status).toBe('fail');
  });
});
