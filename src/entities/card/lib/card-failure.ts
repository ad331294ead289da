/**
 * Card operation failures (SPEC §8): the title is always "Card Operation Error"; the text names the
 * operation that failed ("Failed to top up card") and, when we know it, why (error code or transport).
 */
import type { Store } from 'effector';
import { ERROR_CODES, isApiError, toErrorMessage, TRANSPORT_ERROR_KEYS, type ErrorMessage } from '@/shared/api';
import { cardTexts } from '../i18n/texts';

/**
 * The words of the card reads this entity makes (SPEC §8): "Failed to fetch cards" and the like. A feature names its
 * own operation's words (its message key) when it reports a failure: the entity does not list the features.
 */
export const CARD_READ_FAILURES = {
  fetchCards: 'errors:cards.fetchCardsFailed',
  fetchCard: 'errors:cards.fetchCardFailed',
  balance: 'errors:cards.fetchBalanceFailed',
  transactions: 'errors:cards.fetchTransactionsFailed',
  trades: 'errors:cards.fetchTradesFailed',
  products: 'errors:cards.fetchProductsFailed',
  /** An ordered card the issuer then rejected or failed (cardSettled). */
  issue: 'errors:cards.issueFailed',
} as const;

export const CARD_OPERATION_ERROR_TITLE_KEY = 'errors:cards.operationError';

/**
 * Keys that explain WHY, most specific first, or [] when nothing specific is known: a server code
 * (`card:codes.<CODE>`, this entity's texts, then the shared `error-codes:<CODE>`) or a transport problem.
 */
export function failureReasonKeys(error: unknown): string[] {
  if (!isApiError(error)) return [];
  switch (error.kind) {
    case 'timeout':
      return [TRANSPORT_ERROR_KEYS.timeout];
    case 'auth-expired':
      return [TRANSPORT_ERROR_KEYS.authExpired];
    case 'parse':
      return [TRANSPORT_ERROR_KEYS.parse];
    case 'network':
      return error.code === ERROR_CODES.network ? [TRANSPORT_ERROR_KEYS.network] : [];
    case 'http':
      return error.service === 'client' ? [] : [`${cardTexts.ns}:codes.${error.code}`, `error-codes:${error.code}`];
  }
}

/** The server's error code, when the server answered with one. */
export const errorCodeOf = (error: unknown): string | null =>
  isApiError(error) && error.kind === 'http' && error.service !== 'client' ? error.code : null;

/** Wrong activation codes the card still accepts (server `error.details.attemptsLeft`), when the server said. */
export const attemptsLeftOf = (error: unknown): number | null =>
  isApiError(error) && error.kind === 'http' && typeof error.details?.attemptsLeft === 'number' ? error.details.attemptsLeft : null;

/**
 * The shared error message of a failed card call (`toErrorMessage`), with the cards namespace's text for the server's
 * code first (`card:codes.<CODE>`: e.g. "The card issuer is not answering right now…" for UPSTREAM_UNAVAILABLE),
 * as the card toasts have it.
 */
function cardErrorMessage(error: unknown, fallbackKey: string): ErrorMessage {
  const message = toErrorMessage(error, fallbackKey);
  const code = errorCodeOf(error);
  return code ? { ...message, keys: [`${cardTexts.ns}:codes.${code}`, ...message.keys] } : message;
}

/** Store of the current error message of a card query (null while there is none). */
export const cardErrorMessageOf = (operation: { $error: Store<unknown> }, fallbackKey: string): Store<ErrorMessage | null> =>
  operation.$error.map((error) => (error === null ? null : cardErrorMessage(error, fallbackKey)));
