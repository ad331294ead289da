/**
 * Error codes the server answers in `error.code`, with their HTTP status and `error.service`.
 * One catalogue for the server (to throw) and the client (to map to messages). docs/api.md "Errors".
 * Auth/users codes are owned with auth.ts/users.ts and may be added there.
 */
export interface ErrorCodeInfo {
  status: number;
  service: 'api' | 'auth' | 'users' | 'wallet' | 'cards' | 'config' | 'promo';
  description: string;
}

const def = <T extends Record<string, ErrorCodeInfo>>(codes: T) => codes;

export const ERROR_CODES = def({
  // Common (service 'api')
  VALIDATION_ERROR: { status: 400, service: 'api', description: 'Request failed the schema; `fields` has per-field messages.' },
  IDEMPOTENCY_KEY_REQUIRED: { status: 400, service: 'api', description: 'An idempotent call came without a valid Idempotency-Key.' },
  UNAUTHORIZED: { status: 401, service: 'api', description: 'Missing, invalid or expired access token (client refreshes once).' },
  ACCOUNT_UNDER_VERIFICATION: { status: 403, service: 'api', description: 'The action is limited while the account is under verification.' },
  ACCOUNT_VERIFICATION_FAILED: { status: 403, service: 'api', description: 'Verification failed; the user must contact support.' },
  NOT_FOUND: { status: 404, service: 'api', description: 'No such route or resource.' },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, service: 'api', description: 'A request with this key is still being processed; retry later.' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, service: 'api', description: 'The key was used before with a different request.' },
  RATE_LIMITED: { status: 429, service: 'api', description: 'Too many requests.' },
  INTERNAL: { status: 500, service: 'api', description: 'Unexpected server error.' },
  UPSTREAM_UNAVAILABLE: { status: 503, service: 'api', description: 'A provider (issuer, SBP, chain) is unavailable.' },
  DATABASE_UNAVAILABLE: {
    status: 503,
    service: 'api',
    description: 'The database connection was lost (e.g. a restart): the request was rolled back or is safe to retry with the same Idempotency-Key.',
  },
  // Wallet
  INSUFFICIENT_FUNDS: { status: 422, service: 'wallet', description: 'Available balance is below the amount plus fees.' },
  AMOUNT_BELOW_MINIMUM: { status: 422, service: 'wallet', description: 'Amount is below the configured minimum.' },
  AMOUNT_ABOVE_MAXIMUM: { status: 422, service: 'wallet', description: 'Amount is above the configured maximum.' },
  RETURN_URL_NOT_ALLOWED: { status: 422, service: 'wallet', description: 'returnUrl is not on an allow-listed origin.' },
  SBP_PAYMENT_NOT_FOUND: { status: 404, service: 'wallet', description: 'No SBP payment with this id for this user.' },
  SBP_PROVIDER_ERROR: { status: 502, service: 'wallet', description: 'The SBP provider refused or failed to create the payment.' },
  QUOTE_EXPIRED: { status: 409, service: 'wallet', description: 'The exchange quote is past expiresAt; fetch new rates.' },
  QUOTE_MISMATCH: { status: 422, service: 'wallet', description: 'quoteId is unknown or for another currency pair.' },
  RATE_UNAVAILABLE: { status: 503, service: 'wallet', description: 'No exchange rate can be quoted now.' },
  // Cards
  CARD_NOT_FOUND: { status: 404, service: 'cards', description: 'No such card for this user.' },
  PRODUCT_NOT_FOUND: { status: 404, service: 'cards', description: 'The product does not exist or is no longer offered ("Product Not Found").' },
  PRODUCT_UNAVAILABLE: { status: 409, service: 'cards', description: 'The product exists but cannot be issued now.' },
  CARD_LIMIT_REACHED: { status: 409, service: 'cards', description: 'The user holds config.cards.maxCards cards already.' },
  CARD_STATUS_CONFLICT: { status: 409, service: 'cards', description: 'The action is not allowed in the current status (see allowedActions).' },
  DEPOSIT_OUT_OF_RANGE: { status: 422, service: 'cards', description: 'Deposit/top-up outside minimalDeposit or depositRange.' },
  CURRENCY_MISMATCH: { status: 422, service: 'cards', description: 'currency differs from the card currency.' },
  INVALID_ACTIVATION_CODE: { status: 422, service: 'cards', description: 'Wrong activation code.' },
  ACTIVATION_ATTEMPTS_EXCEEDED: { status: 429, service: 'cards', description: 'Too many wrong activation codes; try later or contact support.' },
  INVALID_PUBLIC_KEY: { status: 400, service: 'cards', description: 'publicKey is not a valid P-256 point.' },
  SENSITIVE_DATA_UNAVAILABLE: { status: 409, service: 'cards', description: 'The card has no number yet or its status forbids reveal.' },
  ISSUER_ERROR: { status: 502, service: 'cards', description: 'The card issuer refused or failed the operation.' },
});

export type ErrorCode = keyof typeof ERROR_CODES;
