import { describe, expect, it } from 'vitest';
import { createHasScreen, decideAccess } from './guards';
import type { ScreenRoute } from './screens';

const stub = (path: string, layout: ScreenRoute['layout']): ScreenRoute => ({ path, layout, load: async () => () => null });
const allScreens = createHasScreen([
  stub('/', 'auth'),
  stub('/signin', 'auth'),
  stub('/wallet', 'app'),
  stub('/cards', 'app'),
  stub('/cards/:cardId', 'protected'),
]);
const onlyWelcome = createHasScreen([stub('/', 'auth')]);

describe('decideAccess: signed out', () => {
  it.each(['app', 'protected'] as const)('%s layout sends to /signin with returnTo', (layout) => {
    expect(
      decideAccess({ layout, isAuthenticated: false, location: { pathname: '/cards/42', search: '?tab=ops', hash: '#top' } }),
    ).toEqual({ type: 'redirect', to: '/signin?returnTo=%2Fcards%2F42%3Ftab%3Dops%23top' });
  });

  it('the redirect target is /signin even before the sign-in screen exists', () => {
    expect(decideAccess({ layout: 'app', isAuthenticated: false, location: { pathname: '/wallet' }, hasScreen: onlyWelcome })).toEqual({
      type: 'redirect',
      to: '/signin?returnTo=%2Fwallet',
    });
  });

  it.each(['/', '/signin', '/signup', '/verification'])('auth screen %s is open', (pathname) => {
    expect(decideAccess({ layout: 'auth', isAuthenticated: false, location: { pathname } })).toEqual({ type: 'allow' });
  });
});

describe('decideAccess: signed in', () => {
  it.each(['app', 'protected'] as const)('%s layout is allowed', (layout) => {
    expect(decideAccess({ layout, isAuthenticated: true, location: { pathname: '/cards' } })).toEqual({ type: 'allow' });
  });

  it.each(['/', '/signin', '/signup'])('%s goes to /wallet', (pathname) => {
    expect(decideAccess({ layout: 'auth', isAuthenticated: true, location: { pathname }, hasScreen: allScreens })).toEqual({
      type: 'redirect',
      to: '/wallet',
    });
  });

  it('/signin?returnTo= goes back to the screen the user wanted', () => {
    expect(
      decideAccess({
        layout: 'auth',
        isAuthenticated: true,
        location: { pathname: '/signin', search: '?returnTo=%2Fcards%2F42' },
        hasScreen: allScreens,
      }),
    ).toEqual({ type: 'redirect', to: '/cards/42' });
  });

  it('an unsafe returnTo falls back to /wallet', () => {
    expect(
      decideAccess({
        layout: 'auth',
        isAuthenticated: true,
        location: { pathname: '/signin', search: '?returnTo=https%3A%2F%2Fevil.example' },
        hasScreen: allScreens,
      }),
    ).toEqual({ type: 'redirect', to: '/wallet' });
  });

  it('/verification stays reachable', () => {
    expect(decideAccess({ layout: 'auth', isAuthenticated: true, location: { pathname: '/verification' }, hasScreen: allScreens })).toEqual({
      type: 'allow',
    });
  });

  it('does not redirect to a screen that is not registered yet (no / ↔ /wallet loop)', () => {
    expect(decideAccess({ layout: 'auth', isAuthenticated: true, location: { pathname: '/' }, hasScreen: onlyWelcome })).toEqual({
      type: 'allow',
    });
  });
});

describe('createHasScreen', () => {
  it('matches path patterns exactly', () => {
    expect(allScreens('/cards/42')).toBe(true);
    expect(allScreens('/cards/42/extra')).toBe(false);
    expect(allScreens('/settings')).toBe(false);
  });
});
