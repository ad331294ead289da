/** The longest the decrypted data stays on screen, whatever the server allows (seconds). */
export const REVEAL_MAX_SECONDS = 30;

/**
 * Seconds to show the data: until the answer's `expiresAt`, at most REVEAL_MAX_SECONDS. A past or
 * unreadable `expiresAt` (device clock off) falls back to the maximum: the server's TTL is longer anyway.
 */
export function revealSeconds(expiresAt: string, now: number = Date.now()): number {
  const ms = Date.parse(expiresAt) - now;
  if (!Number.isFinite(ms) || ms <= 0) return REVEAL_MAX_SECONDS;
  return Math.max(1, Math.min(REVEAL_MAX_SECONDS, Math.floor(ms / 1000)));
}
