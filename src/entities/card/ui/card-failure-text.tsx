import type { ErrorMessage } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { cardTexts } from '../i18n/texts';

export interface CardFailureTextProps {
  /** The failed operation's own words (an i18n key, e.g. CARD_READ_FAILURES.fetchCards): always shown. */
  message: string;
  /** Why, from `errorMessageOf(...)`: shown after it when it says something else. */
  error: ErrorMessage | null;
}

/** "Failed to fetch cards. Network error occurred" — the operation's message, then the reason. */
export function CardFailureText({ message, error }: CardFailureTextProps) {
  const { t } = useTranslation(['errors', cardTexts.ns]);
  const operationText = t(message);
  const reason = error ? t(error.keys, { defaultValue: error.defaultValue }) : '';
  const general = [t('errors:general.error'), t('errors:general.fetchFailed'), t('errors:general.unknown')];
  return <>{reason && reason !== operationText && !general.includes(reason) ? `${operationText}. ${reason}` : operationText}</>;
}
