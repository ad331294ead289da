import { AUTH_ERROR_CODES, type AuthErrorCode } from './auth';

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
  ACCOUNT_FROZEN: {
    status: 403,
    service: 'api',
    description: 'An operator froze the account: no money leaves it (`details.freezeReason` says why; docs/ops.md "Freezing an account").',
  },
  STEP_UP_REQUIRED: {
    status: 403,
    service: 'api',
    description: 'The call needs an unlock (passcode or biometry) younger than the step-up window: unlock, then call again.',
  },
  APP_LOCKED: { status: 423, service: 'api', description: 'This session is locked by the app lock: unlock it (passcode or biometry), then call again.' },
  NOT_FOUND: { status: 404, service: 'api', description: 'No such route or resource.' },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, service: 'api', description: 'A request with this key is still being processed; retry later.' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, service: 'api', description: 'The key was used before with a different request.' },
  RATE_LIMITED: { status: 429, service: 'api', description: 'Too many requests.' },
  INTERNAL: { status: 500, service: 'api', description: 'Unexpected server error.' },
  UPSTREAM_UNAVAILABLE: { status: 503, service: 'api', description: 'A provider (issuer, SBP, chain) is unavailable.' },
  SERVICE_OVERLOADED: {
    status: 503,
    service: 'api',
    description: 'The server is working on as many requests as it takes (MAX_IN_FLIGHT_REQUESTS); retry after Retry-After.',
  },
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
  STATEMENT_LINK_INVALID: { status: 410, service: 'wallet', description: 'The statement download link is unknown, used already or expired.' },
  STATEMENT_TOO_LARGE: { status: 422, service: 'wallet', description: 'Too many transactions for one PDF statement: a shorter period, or the CSV.' },
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
  CARD_BALANCE_EXCEEDED: { status: 422, service: 'cards', description: 'A withdrawal asked for more than the card holds.' },
  // Transfers between users and withdrawals (issue #36, docs/api.md "Transfers between users", "Withdrawals")
  RECIPIENT_NOT_FOUND: { status: 404, service: 'wallet', description: 'No user can receive money under this username or payment code.' },
  RECIPIENT_UNAVAILABLE: { status: 409, service: 'wallet', description: 'The recipient cannot receive money now (account frozen or closed).' },
  SELF_TRANSFER: { status: 422, service: 'wallet', description: 'The recipient is the sender.' },
  TRANSFER_LIMIT_EXCEEDED: { status: 422, service: 'wallet', description: 'The amount is above the per-transfer or the 24-hour limit.' },
  LOOKUP_LIMIT_REACHED: { status: 429, service: 'wallet', description: 'Too many recipient look-ups in the last hour.' },
  PAYMENT_REQUEST_NOT_FOUND: { status: 404, service: 'wallet', description: 'No such payment request.' },
  PAYMENT_REQUEST_CLOSED: { status: 409, service: 'wallet', description: 'The payment request was paid, cancelled or has expired.' },
  PAYMENT_REQUEST_MISMATCH: { status: 422, service: 'wallet', description: 'The transfer does not match the request (recipient or amount).' },
  WITHDRAWAL_ON_HOLD: { status: 409, service: 'wallet', description: 'Withdrawals are held (a new address or a sign-in on a new device); `details.availableAt` says until when.' },
  WITHDRAWAL_LIMIT_EXCEEDED: { status: 422, service: 'wallet', description: 'The withdrawal is above the 24-hour withdrawal limit.' },
  WITHDRAWAL_FEE_CHANGED: { status: 409, service: 'wallet', description: 'The fee the app showed is not the fee now; show the new one and confirm again.' },
  WITHDRAWALS_UNAVAILABLE: { status: 503, service: 'wallet', description: 'This withdrawal method is not configured or not reachable now.' },
  WITHDRAWAL_NOT_FOUND: { status: 404, service: 'wallet', description: 'No such withdrawal.' },
  WITHDRAWAL_STATE_CONFLICT: { status: 409, service: 'wallet', description: 'The withdrawal is not in a state that allows this.' },
  ADDRESS_NOT_FOUND: { status: 404, service: 'wallet', description: 'No such saved address.' },
  ADDRESS_ALREADY_SAVED: { status: 409, service: 'wallet', description: 'This address is in the address book already.' },
  ADDRESS_BOOK_FULL: { status: 409, service: 'wallet', description: 'The address book holds the most addresses it may.' },
  BANK_NOT_FOUND: { status: 422, service: 'wallet', description: 'The bank is not among the SBP payout banks.' },
  CARD_ALREADY_REPLACED: { status: 409, service: 'cards', description: 'This blocked card has a replacement already (replacedByCardId).' },
  // Promo
  SHARE_MESSAGE_UNAVAILABLE: {
    status: 409,
    service: 'promo',
    description: 'No message can be prepared for Telegram to share (no Telegram account linked, no bot, or the Bot API refused): share the link instead.',
  },
});

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * Codes the HTTP layer answers for requests that never reach a module (server/http/error-handler.ts, health).
 * Part of what a user can meet, so they are translated like the catalogue.
 */
export const PROTOCOL_ERROR_CODES = ['MALFORMED_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'BAD_REQUEST', 'NOT_READY'] as const;
export type ProtocolErrorCode = (typeof PROTOCOL_ERROR_CODES)[number];

/**
 * Card `statusReason` values and the `failureCode` of the wallet rows of a failed card issue / top-up
 * (normalised issuer codes, docs/api.md "Cards"). A real issuer may send others: the client then shows a
 * general sentence, never the code.
 */
export const CARD_REASON_CODES = [
  'ISSUER_DECLINED',
  'ISSUER_TECHNICAL_FAILURE',
  'ISSUER_UNAVAILABLE',
  'ISSUER_ERROR',
  'AWAITING_ACTIVATION',
  'ACTIVATION_FAILED',
  'INVALID_CARD_STATE',
  'KYC_REJECTED',
  'EXPIRED',
  // Card lifecycle (docs/api.md "Card lifecycle"): why a card is blocked, and a close/block the issuer refused.
  'LOST',
  'STOLEN',
  'DAMAGED',
  'SUSPECTED_FRAUD',
  'CLOSE_FAILED',
  'BLOCK_FAILED',
] as const;
export type CardReasonCode = (typeof CARD_REASON_CODES)[number];

/** Why a card purchase was declined (`Trade.declineReason`), decided by our server on the issuer's authorisation. */
export const TRADE_DECLINE_REASONS = [
  'INSUFFICIENT_FUNDS',
  'CARD_FROZEN',
  'CARD_INACTIVE',
  'CURRENCY_MISMATCH',
  // Declined by the issuer on the card's spending limits (card controls):
  'OVER_PURCHASE_LIMIT',
  'OVER_MONTHLY_LIMIT',
  // The owner's account was frozen by an operator (docs/ops.md "Freezing an account").
  'ACCOUNT_FROZEN',
  // A merchant refund larger than what was bought on the card and not refunded yet (outside input, issue #31).
  'REFUND_OVER_PURCHASES',
] as const;
export type TradeDeclineReason = (typeof TRADE_DECLINE_REASONS)[number];

/** `SbpPayment.errorCode` values (the acquirer's codes normalised, plus our own). */
export const SBP_PAYMENT_ERROR_CODES = [
  'PAYMENT_DECLINED',
  'PAYMENT_EXPIRED',
  'PAYMENT_FAILED',
  'ACQUIRER_ERROR',
  'ACQUIRER_UNAVAILABLE',
  'SBP_NOT_CONFIGURED',
] as const;
export type SbpPaymentErrorCode = (typeof SBP_PAYMENT_ERROR_CODES)[number];

/** Why a withdrawal failed (`Withdrawal.failureCode`, the wallet row's `failureCode`); docs/api.md "Withdrawals". */
export const WITHDRAWAL_FAILURE_CODES = ['TRON_OUT_OF_ENERGY', 'TRON_REVERT', 'TRON_FAILED', 'TRON_EXPIRED', 'PAYOUT_DECLINED', 'WITHDRAWAL_REJECTED', 'NEEDS_REVIEW'] as const;

/**
 * Why a USDT transfer was not credited automatically: defined with the wallet's contract (wallet.ts), so the
 * wallet screen's code does not carry this catalogue (and the auth contract it imports) with it.
 */
export { USDT_HOLD_REASONS, type UsdtHoldReason } from './wallet';

/**
 * EVERY code the server can put in front of a user, in one place: `error.code` of an envelope (`errors`),
 * and the codes stored on records (`reasons`: card status reasons, wallet failure codes, purchase decline
 * reasons, SBP payment error codes). The client has words for each in English and Russian
 * (`error-codes:<CODE>` / `errors:reasons.<CODE>`); src/shared/i18n/server-codes.test.ts fails when one is missing.
 */
export const userFacingCodes = () =>
  ({
    errors: [...(Object.keys(ERROR_CODES) as ErrorCode[]), ...(Object.keys(AUTH_ERROR_CODES) as AuthErrorCode[]), ...PROTOCOL_ERROR_CODES],
    reasons: [...new Set([...CARD_REASON_CODES, ...TRADE_DECLINE_REASONS, ...SBP_PAYMENT_ERROR_CODES, ...WITHDRAWAL_FAILURE_CODES])],
  }) as const;
// A function, not a constant: a module-level computation would keep the whole catalogue (its descriptions
// included) in every screen that imports one small list from this module (docs/performance.md "Bundle budget").


