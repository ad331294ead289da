import { matchPath } from 'react-router-dom';
import { HOME_PATH, routePaths } from '@/shared/config';
import { buildSignInPath, getReturnTo } from '@/shared/lib';
import type { ScreenLayout, ScreenRoute } from './screens';

export type AccessDecision = { type: 'allow' } | { type: 'redirect'; to: string };

export interface AccessInput {
  layout: ScreenLayout;
  isAuthenticated: boolean;
  location: { pathname: string; search?: string; hash?: string };
  /** Whether a screen is registered for a path (a redirect to a missing screen would bounce back to "/"). */
  hasScreen?: (pathname: string) => boolean;
}

/** Public screens a signed-in user should not see. /verification stays reachable. */
const SIGNED_IN_BOUNCE = new Set<string>([routePaths.welcome, routePaths.signIn, routePaths.signUp]);

const pathnameOf = (path: string) => path.split(/[?#]/, 1)[0] ?? path;

/**
 * Route-level access rule (pure, no React): used by the layout guards and unit-tested directly.
 *  - app/protected without a session → /signin?returnTo=<path+search+hash>
 *  - auth screens /, /signin, /signup with a session → returnTo (sign-in/up) or /wallet.
 */
export function decideAccess({ layout, isAuthenticated, location, hasScreen = () => true }: AccessInput): AccessDecision {
  const { pathname, search = '', hash = '' } = location;
  if (layout === 'app' || layout === 'protected') {
    return isAuthenticated ? { type: 'allow' } : { type: 'redirect', to: buildSignInPath(`${pathname}${search}${hash}`) };
  }
  if (isAuthenticated && SIGNED_IN_BOUNCE.has(pathname)) {
    const target = pathname === routePaths.welcome ? HOME_PATH : getReturnTo(search, HOME_PATH);
    // Until the wallet screen exists, stay: "/wallet" would fall to "unknown → /" and loop.
    if (hasScreen(pathnameOf(target))) return { type: 'redirect', to: target };
  }
  return { type: 'allow' };
}

export function createHasScreen(list: readonly ScreenRoute[]): (pathname: string) => boolean {
  return (pathname) => list.some((screen) => matchPath({ path: screen.path, end: true }, pathname) !== null);
}
