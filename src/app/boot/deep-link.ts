import { routePaths } from '@/shared/config';

/** Start parameter prefix of SBP payment returns: the server sets `startapp=sbp_<paymentId>` on the bank's return link. */
const SBP_RETURN_PREFIX = 'sbp_';
/** Remembers the start parameter already followed in this Telegram session, so a reload does not follow it again. */
const FOLLOWED_KEY = 'tonic.deep-link-followed';

/**
 * The screen a start parameter opens (`https://t.me/<bot>/<app>?startapp=<param>`), or null. Today: an SBP payment
 * return, `sbp_<paymentId>` → /payment-success?paymentId=… (which goes on to /payment-failed if the payment did not
 * go through). Referral codes (`ref_<CODE>`) open no screen: the sign-up form reads them.
 */
export function deepLinkPath(startParam: string | null | undefined): string | null {
  if (!startParam?.startsWith(SBP_RETURN_PREFIX)) return null;
  const paymentId = startParam.slice(SBP_RETURN_PREFIX.length);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(paymentId)) return null;
  return `${routePaths.paymentSuccess}?paymentId=${encodeURIComponent(paymentId)}`;
}

export interface DeepLinkEnvironment {
  location: Pick<Location, 'pathname'>;
  history: Pick<History, 'replaceState' | 'state'>;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

/**
 * At launch, before the router reads the URL: a Mini App opened at its start page with a start parameter that names a
 * screen goes to that screen (replacing the entry, so Back does not return to the bare start page). Once per
 * parameter per session: Telegram keeps the parameter for the whole session, and a later reload must not jump back.
 * The guards still apply (no session → sign-in, then back here). Returns the path it went to, or null.
 */
export function followLaunchDeepLink(startParam: string | null | undefined, env: DeepLinkEnvironment): string | null {
  const path = deepLinkPath(startParam);
  if (!path || env.location.pathname !== routePaths.welcome) return null;
  try {
    if (env.storage?.getItem(FOLLOWED_KEY) === startParam) return null;
    env.storage?.setItem(FOLLOWED_KEY, startParam!);
  } catch {
    // storage unavailable: follow it anyway
  }
  env.history.replaceState(env.history.state, '', path);
  return path;
}
