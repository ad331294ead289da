/**
 * User messages for the auth calls (SPEC §8): i18n keys tried in order + an English default, plus
 * interpolation values (`count` for attempts left / seconds / minutes, parsed from the server's
 * English message where it carries one).
 *
 *   t(message.keys, { ...message.values, defaultValue: message.defaultValue })
 */
import { isApiError, toErrorMessage, type ErrorMessage } from '@/shared/api';
import { verifyEmailCodeTexts } from '../i18n/texts';

export interface AuthMessage extends ErrorMessage {
  values?: Record<string, string | number>;
}

/** A plain message from one key of the `auth` (or any) namespace. */
export const authMessage = (key: string, defaultValue: string, values?: AuthMessage['values']): AuthMessage => ({
  keys: [key],
  defaultValue,
  ...(values ? { values } : {}),
});

/** Server codes with an own text in `${verifyEmailCodeTexts.ns}:serverErrors.*`. */
const TRANSLATED_CODES = new Set([
  'CODE_INVALID',
  'CODE_EXPIRED',
  'CODE_ATTEMPTS_EXCEEDED',
  'PROMO_CODE_UNKNOWN',
  'EMAIL_TAKEN',
  'RESEND_TOO_SOON',
  'CODE_RATE_LIMITED',
  'RATE_LIMITED',
  'TELEGRAM_INIT_DATA_INVALID',
  'TELEGRAM_LOGIN_UNAVAILABLE',
  'TELEGRAM_NOT_LINKED',
  'TELEGRAM_ALREADY_LINKED',
]);
/** Codes whose text needs a number (attempts left, seconds, minutes). */
const COUNTED_CODES = new Set(['CODE_INVALID', 'RESEND_TOO_SOON', 'CODE_RATE_LIMITED']);

/** Codes that mean "this email code is not accepted": the code step shows them and clears the boxes. */
const CODE_ERRORS = new Set(['CODE_INVALID', 'CODE_EXPIRED', 'CODE_ATTEMPTS_EXCEEDED']);

const firstNumber = (text: string): number | undefined => {
  const match = /\d+/.exec(text);
  return match ? Number(match[0]) : undefined;
};

/** The server error code of an API error, or null (transport errors, non-ApiErrors). */
export function serverErrorCode(error: unknown): string | null {
  if (!isApiError(error) || error.kind !== 'http' || error.service === 'client') return null;
  return error.code;
}

/** True for a rejected email code (wrong, expired, too many tries), also a VALIDATION_ERROR on `code`. */
export function isCodeError(error: unknown): boolean {
  const code = serverErrorCode(error);
  if (code === null) return false;
  if (CODE_ERRORS.has(code)) return true;
  return code === 'VALIDATION_ERROR' && isApiError(error) && Boolean(error.fields && 'code' in error.fields);
}

/** Seconds the server asked to wait (RESEND_TOO_SOON), from its message; null when not such an error. */
export function resendWaitSeconds(error: unknown): number | null {
  if (serverErrorCode(error) !== 'RESEND_TOO_SOON' || !isApiError(error)) return null;
  return firstNumber(error.message) ?? null;
}

/**
 * @param fallbackKey the operation's SPEC §8 message, e.g. 'errors:auth.registrationFailed'.
 * Server auth codes get `${verifyEmailCodeTexts.ns}:serverErrors.<CODE>` first; everything else follows `toErrorMessage`
 * (transport messages, `error-codes:*`, the fallback, then a general SPEC message).
 */
export function authErrorMessage(error: unknown, fallbackKey: string): AuthMessage {
  const base = toErrorMessage(error, fallbackKey);
  const code = serverErrorCode(error);
  if (code === null || !TRANSLATED_CODES.has(code) || !isApiError(error)) return base;
  if (!COUNTED_CODES.has(code)) return { ...base, keys: [`${verifyEmailCodeTexts.ns}:serverErrors.${code}`, ...base.keys] };
  const count = firstNumber(error.message);
  if (count === undefined) return { ...base, keys: [`${verifyEmailCodeTexts.ns}:serverErrors.${code}_plain`, ...base.keys] };
  // CODE_RATE_LIMITED says which limit was hit (per email, per network, per account: `details.limit`).
  const limit = code === 'CODE_RATE_LIMITED' ? error.details?.limit : undefined;
  const keys = limit ? [`${verifyEmailCodeTexts.ns}:serverErrors.${code}_${limit.toUpperCase()}`, `${verifyEmailCodeTexts.ns}:serverErrors.${code}`] : [`${verifyEmailCodeTexts.ns}:serverErrors.${code}`];
  return { ...base, keys: [...keys, ...base.keys], values: { count } };
}
