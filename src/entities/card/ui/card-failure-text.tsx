import type { ErrorMessage } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { CARD_OPERATION_KEYS, type CardOperation } from '../lib/card-failure';

export interface CardFailureTextProps {
  /** Which SPEC §8 card operation failed (its own message is always shown). */
  operation: CardOperation;
  /** Why, from `errorMessageOf(...)`: shown after it when it says something else. */
  error: ErrorMessage | null;
}

/** "Failed to fetch cards. Network error occurred" — the operation's message, then the reason. */
export function CardFailureText({ operation, error }: CardFailureTextProps) {
  const { t } = useTranslation(['errors', 'cards']);
  const operationText = t(CARD_OPERATION_KEYS[operation]);
  const reason = error ? t(error.keys, { defaultValue: error.defaultValue }) : '';
  const general = [t('errors:general.error'), t('errors:general.fetchFailed'), t('errors:general.unknown')];
  return <>{reason && reason !== operationText && !general.includes(reason) ? `${operationText}. ${reason}` : operationText}</>;
}
