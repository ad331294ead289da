/**
 * Why a wallet action failed, in words, for the toast under the SPEC §8 title ("Failed to create SBP payment",
 * "Failed to exchange currency"). The server's `error.message` is developer English (docs/api.md), so known
 * codes map to the slice's `failureReasons.<CODE>` (i18n/texts.ts); transport failures use the transport messages; anything else
 * gets no second line (the title says it all).
 */
import { isApiError, toErrorMessage, type ErrorMessage } from '@/shared/api';
import { walletEntityTexts } from '../i18n/texts';

export const WALLET_FAILURE_CODES = [
  'INSUFFICIENT_FUNDS',
  'AMOUNT_BELOW_MINIMUM',
  'AMOUNT_ABOVE_MAXIMUM',
  'ACCOUNT_UNDER_VERIFICATION',
  'ACCOUNT_VERIFICATION_FAILED',
  'SBP_PROVIDER_ERROR',
  'QUOTE_EXPIRED',
  'QUOTE_MISMATCH',
  'RATE_UNAVAILABLE',
  'RATE_LIMITED',
  'UPSTREAM_UNAVAILABLE',
  'DATABASE_UNAVAILABLE',
  'IDEMPOTENCY_IN_PROGRESS',
  'INTERNAL',
] as const;
type WalletFailureCode = (typeof WALLET_FAILURE_CODES)[number];

/** The server's error code of a failed call, if it has one. */
export function failureCodeOf(error: unknown): string | null {
  return isApiError(error) && error.kind === 'http' && error.service !== 'client' ? error.code : null;
}

export function walletFailureReason(error: unknown): ErrorMessage | null {
  const code = failureCodeOf(error);
  if (code !== null) {
    return (WALLET_FAILURE_CODES as readonly string[]).includes(code)
      ? // The shared words of the code next, and a general sentence last: never the code itself (userFacingCodes() in the contract).
        { keys: [`${walletEntityTexts.ns}:failureReasons.${code}`, `error-codes:${code}`], defaultValue: 'An error occurred' }
      : null;
  }
  if (isApiError(error) && (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'auth-expired')) {
    const keys = toErrorMessage(error).keys.filter((key) => key.startsWith('errors:transport.'));
    return keys.length > 0 ? { keys, defaultValue: error.message } : null;
  }
  return null;
}
