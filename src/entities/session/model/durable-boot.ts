/**
 * Boot on a client with SecureStorage/DeviceStorage (Telegram 9.0+): what the first screen waits for of the durable
 * copy of the refresh token (model/durable-session.ts, a chunk of its own).
 *
 * - No session in localStorage (Telegram Desktop after a restart, or a signed-out user): the first screen waits for the
 *   restore, so a session kept in the store comes back before the guards send the user to the Welcome.
 * - A session in localStorage (every other start): nothing to restore, so nothing is waited for. The store is read and
 *   the copy brought up to date in the background (`syncDurableSessionFx`). Waiting cost every signed-in start inside
 *   Telegram the chunk's download and a keychain read through the bridge before its data and its first render
 *   (issue #13).
 *
 * Returns what the first screen waits for (false: nothing); never rejects.
 */
import { tokenStorage } from '@/shared/api';

/**
 * Asks for the durable session's chunk now (once the platform is known to have the stores), while i18n starts, so that
 * `startDurableSession` finds it there instead of requesting it once the translations have arrived (issue #34: a
 * request chain one step shorter inside Telegram).
 */
export function preloadDurableSession(): void {
  void import('./durable-session').catch(() => undefined);
}

export function startDurableSession(): Promise<unknown> | false {
  const signedInHere = !!tokenStorage.getRefreshToken();
  const started = import('./durable-session').then((model) => model.durableSessionBootFx(signedInHere)).catch(() => undefined);
  return !signedInHere && started;
}
