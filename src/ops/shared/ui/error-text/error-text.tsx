import type { ErrorMessage } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui';

/** A failed call's message (an ErrorMessage: keys tried in order), as a danger Alert; nothing when there is none. */
export function ErrorText({ message }: { message: ErrorMessage | null }) {
  const { t } = useTranslation(['ops-errors', 'errors', 'error-codes']);
  if (!message) return null;
  return <Alert tone="danger">{t(message.keys, { defaultValue: message.defaultValue })}</Alert>;
}
