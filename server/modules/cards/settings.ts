import { DEFAULT_SANDBOX_DELAY_MS } from '../../adapters/card-issuer';

/** Settings of the cards module (docs/server.md "Cards and jobs"), read at start by server/modules/settings.ts. */
export interface CardsSettings {
  /** What GET /api/config publishes (CARDS_MAX_PER_USER / CARDS_SENSITIVE_TTL_SECONDS). */
  limits: { maxCards: number; sensitiveDataTtlSeconds: number };
  /** The sandbox issuer's key and delay (CARD_ISSUER_SANDBOX_KEY / _DELAY_MS); null with SANDBOX off. */
  sandboxIssuer: { atRestKey: Buffer; defaultDelayMs: number } | null;
}

/** CARD_ISSUER_SANDBOX_DELAY_MS: an integer 0..600000, default DEFAULT_SANDBOX_DELAY_MS. */
export const sandboxDelay = (raw: string | undefined): number => {
  if (!raw?.trim()) return DEFAULT_SANDBOX_DELAY_MS;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 600_000) throw new Error(`CARD_ISSUER_SANDBOX_DELAY_MS must be an integer 0..600000, got "${raw}"`);
  return n;
};
