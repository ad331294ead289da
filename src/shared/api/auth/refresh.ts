/**
 * SPEC §4/§9: on a 401 the client refreshes the token ONCE and retries the call ONCE.
 *
 * Single flight, in this tab and across tabs:
 * - in this tab, every call that got a 401 while a refresh runs waits for the same promise;
 * - across tabs, the refresh runs under the Web Locks API lock `tgwallet.refresh`. The tab that gets the lock
 *   second re-reads localStorage first: when the other tab already rotated (the stored access token is no
 *   longer the rejected one) it uses those tokens instead of refreshing with a token that was just rotated
 *   (which the server would treat as a reuse outside its grace window).
 * - Fallback without Web Locks (or when requesting the lock fails): the same re-read, no lock. Two tabs may
 *   then both refresh with the same token; the server answers a duplicate within its grace window
 *   (REFRESH_REUSE_GRACE_SECONDS, 30 s) with the same successor, so both end with the same tokens.
 * A failed refresh (or no refresh token) ends the session: both tokens are cleared and `authExpired` fires;
 * callers get an 'auth-expired' ApiError. There is no loop: nothing here retries a refresh.
 */
import { authExpiredError, type ApiAuthExpiredError } from '../http/errors';
import type { TransportEvents } from './events';
import { tokenStorage, type SessionTokens } from './tokens';

export type CallRefreshEndpoint = (refreshToken: string) => Promise<SessionTokens>;

/** The Web Locks name every tab of this origin refreshes under. */
export const REFRESH_LOCK_NAME = 'tgwallet.refresh';

let refreshInFlight: Promise<string> | null = null;

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

function lockManager(): LockManagerLike | null {
  try {
    const locks = (globalThis.navigator as { locks?: Partial<LockManagerLike> } | undefined)?.locks;
    return locks && typeof locks.request === 'function' ? (locks as LockManagerLike) : null;
  } catch {
    return null;
  }
}

/** Runs `task` holding the cross-tab refresh lock; without Web Locks (or if the lock cannot be had) runs it directly. */
async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = lockManager();
  if (!locks) return task();
  let started = false;
  try {
    return await locks.request(REFRESH_LOCK_NAME, () => {
      started = true;
      return task();
    });
  } catch (error) {
    if (started) throw error;
    return task(); // the lock itself failed (e.g. SecurityError in an opaque origin): never run the task twice
  }
}

/** Clears both tokens and tells the app (once: only if a session was still stored). */
export function expireSession(events: TransportEvents): ApiAuthExpiredError {
  const error = authExpiredError();
  if (tokenStorage.clear()) events.authExpired(error);
  return error;
}

async function refreshTokens(rejectedToken: string | null, callRefreshEndpoint: CallRefreshEndpoint, events: TransportEvents): Promise<string> {
  return withRefreshLock(async () => {
    // Another tab may have rotated (or ended) the session while this one waited for the lock.
    const stored = tokenStorage.getAccessToken();
    if (stored && stored !== rejectedToken) return stored;
    const refreshToken = tokenStorage.getRefreshToken();
    if (!refreshToken) throw expireSession(events);
    let tokens: SessionTokens;
    try {
      tokens = await callRefreshEndpoint(refreshToken);
    } catch {
      throw expireSession(events);
    }
    tokenStorage.save(tokens);
    events.tokensRefreshed();
    return tokens.accessToken;
  });
}

/**
 * A fresh access token to retry a call that got 401 with `rejectedToken`.
 * If the stored token already differs (another call or tab refreshed meanwhile), that one is used
 * without a new refresh; otherwise joins the refresh in flight or starts one.
 * Rejects with an 'auth-expired' ApiError when the session cannot be renewed.
 */
export function renewAccessToken(
  rejectedToken: string | null,
  callRefreshEndpoint: CallRefreshEndpoint,
  events: TransportEvents,
): Promise<string> {
  if (refreshInFlight) return refreshInFlight;
  const stored = tokenStorage.getAccessToken();
  if (stored && stored !== rejectedToken) return Promise.resolve(stored);
  refreshInFlight = refreshTokens(rejectedToken, callRefreshEndpoint, events).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}
