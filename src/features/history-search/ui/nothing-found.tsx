import { useTranslation } from '@/shared/i18n';
import { Button, EmptyState } from '@/shared/ui';
import { historySearchTexts } from '../i18n/texts';

/** Filters narrowed a history to nothing: says so, with a button that resets them. */
export function HistoryNothingFound({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation(historySearchTexts.ns);
  return (
    <EmptyState
      title={t('empty.title')}
      text={t('empty.text')}
      action={
        <Button variant="secondary" onClick={onReset}>
          {t('filters.reset')}
        </Button>
      }
    />
  );
}
