/**
 * Card rules in one place (docs/cards.md "Cards"). maxCards and sensitiveDataTtlSeconds are only
 * defaults: the values GET /api/config publishes (CARDS_MAX_PER_USER, CARDS_SENSITIVE_TTL_SECONDS) win.
 */
export const CARD_LIMITS = {
  /** Cards a user may hold that are not rejected/failed (config.cards.maxCards). */
  maxCards: 5,
  /** How long revealed card data may stay on screen (config.cards.sensitiveDataTtlSeconds, SensitiveData.expiresAt). */
  sensitiveDataTtlSeconds: 60,
  /** Reveals of one card's data per rolling hour. */
  revealsPerCardPerHour: 10,
  /** Wrong activation codes in a row before activation is locked. */
  activationMaxWrongAttempts: 5,
  /** How long activation stays locked after too many wrong codes. */
  activationLockSeconds: 15 * 60,
  /** Attempts of a request to the issuer before the operation is given up (failure hooks refund/revert). */
  issuerRequestMaxAttempts: 8,
} as const;

/** Job kinds of the cards module (docs/server.md). */
export const CARD_JOBS = {
  issue: 'cards.issue',
  activate: 'cards.activate',
  freeze: 'cards.freeze',
  unfreeze: 'cards.unfreeze',
  topup: 'cards.topup',
  close: 'cards.close',
  block: 'cards.block',
  /** Handled by the referral module: { userId, cardId, referrerId }, at most once per user (dedupe key). */
  referralCardIssued: 'referral.cardIssued',
} as const;

export const referralDedupeKey = (userId: string) => `referral.cardIssued:${userId}`;
