/** Settings of the cards module (docs/cards.md "Cards"), handed over by the module list (server/modules/settings.ts). */
export interface CardsSettings {
  /** What GET /api/config publishes (CARDS_MAX_PER_USER / CARDS_SENSITIVE_TTL_SECONDS; the wallet section of the config). */
  limits: { maxCards: number; sensitiveDataTtlSeconds: number };
}
