import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { HOME_PATH, routePaths, SIGN_IN_PATH } from '@/shared/config';

/** Query parameter that carries the screen a signed-out user tried to open. */
const RETURN_TO_PARAM = 'returnTo';

/** Public auth screens: never a return target (that would loop back to sign-in). */
const AUTH_PATHS = new Set<string>([routePaths.welcome, routePaths.signIn, routePaths.signUp]);

/**
 * Accepts only same-app absolute paths ("/cards/1?x=y"). Rejects full URLs, protocol-relative
 * "//host", backslash tricks and control characters, so `returnTo` can never be an open redirect.
 */
export function sanitizeReturnTo(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const pathname = value.split(/[?#]/, 1)[0] ?? '';
  if (AUTH_PATHS.has(pathname)) return null;
  return value;
}

/** The sign-in path that brings the user back to `target` (pathname + search + hash) afterwards. */
export function buildSignInPath(target: string): string {
  const safe = sanitizeReturnTo(target);
  if (!safe) return SIGN_IN_PATH;
  return `${SIGN_IN_PATH}?${new URLSearchParams({ [RETURN_TO_PARAM]: safe }).toString()}`;
}

/** Where to go after signing in: the sanitised `returnTo` of `search`, else `fallback` (the wallet). */
export function getReturnTo(search: string, fallback: string = HOME_PATH): string {
  const params = new URLSearchParams(search);
  return sanitizeReturnTo(params.get(RETURN_TO_PARAM)) ?? fallback;
}

/** The sanitised `returnTo` of the current URL (sign-in/sign-up pages open their lifecycle with it; the model goes there). */
export function useReturnTo(fallback: string = HOME_PATH): string {
  const { search } = useLocation();
  return useMemo(() => getReturnTo(search, fallback), [search, fallback]);
}
