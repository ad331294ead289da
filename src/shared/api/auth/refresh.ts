/**
 * SPEC §4/§9: on a 401 the client refreshes the token ONCE and retries the call ONCE.
 *
 * Single flight: while one refresh is running, every other call that got a 401 waits for the same
 * promise, so N simultaneous 401s make exactly one POST /api/auth/refresh-token.
 * A failed refresh (or no refresh token) ends the session: both tokens are cleared and `authExpired`
 * fires; callers get an 'auth-expired' ApiError. There is no loop: nothing here retries a refresh.
 */
import { authExpiredError, type ApiAuthExpiredError } from '../http/errors';
import type { TransportEvents } from './events';
import { tokenStorage, type SessionTokens } from './tokens';

export type CallRefreshEndpoint = (refreshToken: string) => Promise<SessionTokens>;

let refreshInFlight: Promise<string> | null = null;

/** Clears both tokens and tells the app (once: only if a session was still stored). */
export function expireSession(events: TransportEvents): ApiAuthExpiredError {
  const error = authExpiredError();
  if (tokenStorage.clear()) events.authExpired(error);
  return error;
}

async function refreshTokens(callRefreshEndpoint: CallRefreshEndpoint, events: TransportEvents): Promise<string> {
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
  refreshInFlight = refreshTokens(callRefreshEndpoint, events).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}
