import { allSettled, createEvent, fork, sample } from 'effector';
import { describe, expect, it } from 'vitest';
import { $location, locationChanged, navigateFx, routeChanged, type NavigateTo } from './navigate';

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

describe('location', () => {
  it('keeps the location the router reports; routeChanged fires only when the pathname changes', async () => {
    const scope = fork();
    const changes: string[] = [];
    const probe = createEvent<string>();
    sample({ clock: routeChanged, target: probe });
    probe.watch((path) => changes.push(path));
    await allSettled(locationChanged, { scope, params: { pathname: '/wallet', search: '?topup=usdt', hash: '' } });
    await allSettled(locationChanged, { scope, params: { pathname: '/wallet', search: '', hash: '' } });
    await allSettled(locationChanged, { scope, params: { pathname: '/cards', search: '', hash: '' } });
    expect(scope.getState($location)).toEqual({ pathname: '/cards', search: '', hash: '' });
    expect(changes).toEqual(['/wallet', '/cards']);
  });
});
