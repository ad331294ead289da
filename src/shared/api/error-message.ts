/**
 * ApiError → user-facing i18n message (namespace `errors`, files shared/i18n/locales/<lang>/errors.json).
 *
 * A message is a list of keys tried in order (i18next `t(keys)` takes the first that exists) plus an
 * English default for when no translation is loaded:
 *   const message = toErrorMessage(error, 'errors:wallet.fetchWalletFailed');
 *   t(message.keys, { defaultValue: message.defaultValue });
 */
import type { Event, Store } from 'effector';
import { GENERAL_ERROR_KEYS, TRANSPORT_ERROR_KEYS } from './error-keys';
import { CLIENT_SERVICE, ERROR_CODES, isApiError } from './http/errors';

export interface ErrorMessage {
  /** i18n keys, most specific first; the last one is always a general SPEC §8 message. */
  keys: string[];
  /** English text used when none of the keys is translated. */
  defaultValue: string;
}

const DEFAULT_TEXT: Record<string, string> = {
  [GENERAL_ERROR_KEYS.error]: 'An error occurred',
  [GENERAL_ERROR_KEYS.fetchFailed]: 'Failed to fetch data',
  [GENERAL_ERROR_KEYS.unknown]: 'An unknown error occurred',
};

const message = (keys: Array<string | undefined>, last: string): ErrorMessage => ({
  keys: [...new Set([...keys.filter((key): key is string => Boolean(key)), last])],
  defaultValue: DEFAULT_TEXT[last] ?? 'An error occurred',
});

const isInvalidData = (error: unknown): boolean =>
  (error as { errorType?: unknown } | null)?.errorType === 'INVALID_DATA';

/**
 * @param fallbackKey the operation's own message, e.g. 'errors:wallet.fetchWalletFailed' (SPEC §8 lists).
 *
 * Order of keys:
 *  - timeout / no network / cancelled / session expired: the transport message (the user can act on it)
 *  - a server error object: `error-codes:<CODE>` (translate the codes worth explaining), then fallbackKey
 *  - bad response or bare HTTP status: fallbackKey, then the transport message
 *  - anything else (not an ApiError): fallbackKey, then "An unknown error occurred"
 */
export function toErrorMessage(error: unknown, fallbackKey?: string): ErrorMessage {
  if (isInvalidData(error)) return message([fallbackKey, TRANSPORT_ERROR_KEYS.parse], GENERAL_ERROR_KEYS.fetchFailed);
  if (!isApiError(error)) return message([fallbackKey], GENERAL_ERROR_KEYS.unknown);

  switch (error.kind) {
    case 'timeout':
      return message([TRANSPORT_ERROR_KEYS.timeout, fallbackKey], GENERAL_ERROR_KEYS.error);
    case 'auth-expired':
      return message([TRANSPORT_ERROR_KEYS.authExpired], GENERAL_ERROR_KEYS.error);
    case 'parse':
      return message([fallbackKey, TRANSPORT_ERROR_KEYS.parse], GENERAL_ERROR_KEYS.fetchFailed);
    case 'network':
      if (error.code === ERROR_CODES.network) return message([TRANSPORT_ERROR_KEYS.network, fallbackKey], GENERAL_ERROR_KEYS.error);
      if (error.code === ERROR_CODES.cancelled) return message([TRANSPORT_ERROR_KEYS.cancelled], GENERAL_ERROR_KEYS.error);
      // A string error body from the server (code UNKNOWN).
      return message([fallbackKey], GENERAL_ERROR_KEYS.error);
    case 'http':
      if (error.service !== CLIENT_SERVICE) return message([`error-codes:${error.code}`, fallbackKey], GENERAL_ERROR_KEYS.error);
      return message([fallbackKey], GENERAL_ERROR_KEYS.fetchFailed);
  }
}

/** Store of the current error message of a query or mutation (null while there is no error). */
export const errorMessageOf = (
  operation: { $error: Store<unknown> },
  fallbackKey?: string,
): Store<ErrorMessage | null> => operation.$error.map((error) => (error === null ? null : toErrorMessage(error, fallbackKey)));

/** Event with the message of every failure, for toasts: `sample({ clock: failureMessageOf(m, key), target: toastFx })`. */
export const failureMessageOf = (
  operation: { finished: { failure: Event<{ error: unknown }> } },
  fallbackKey?: string,
): Event<ErrorMessage> => operation.finished.failure.map(({ error }) => toErrorMessage(error, fallbackKey));
