/**
 * Idempotency-Keys of money-moving calls (docs/frontend-data.md "Idempotent mutations").
 *
 * The key belongs to the user's INTENT (same operation, same target, same amounts), not to a screen: it is kept
 * in sessionStorage, per signed-in user, until the server gives a definitive answer. Closing a sheet, reopening
 * it, or reloading the page and confirming the same thing again resends the same key, so the server replays the
 * first answer instead of moving the money twice. Keys are not secrets; nothing else (no token, no card data)
 * is stored here. `forgetPendingIntents()` drops them all (sign-out).
 */
import { isApiError } from './http/errors';
import { CLIENT_SERVICE } from './http/messages';

/**
 * Server answers that do not settle a request: another request with this key is still running, or the call
 * was throttled before the server looked at the key. The key is kept.
 */
const NOT_DEFINITIVE_CODES: ReadonlySet<string> = new Set(['IDEMPOTENCY_IN_PROGRESS', 'RATE_LIMITED']);

/**
 * The server answered for THIS request (a 4xx with its own error code): the request was refused and nothing
 * happened, so the key may be dropped. Timeouts, dropped connections, cancelled calls, 5xx (503 included),
 * unreadable answers, a proxy's bare 4xx, an expired session and "still in progress" are not definitive.
 */
export function isDefinitiveFailure(error: unknown): boolean {
  if (!isApiError(error) || error.kind !== 'http' || error.service === CLIENT_SERVICE) return false;
  return error.status >= 400 && error.status <= 499 && !NOT_DEFINITIVE_CODES.has(error.code);
}

/** A UUID v4 (the app runs in a secure context: Telegram's webview, https). */
export const newIdempotencyKey = (): string => crypto.randomUUID();

export { pendingIntents, stableStringify } from './pending-intents';
