import { useTranslation } from '@/shared/i18n';
import { Button, TextField } from '@/shared/ui';
import { historySearchTexts } from '../i18n/texts';

/** The search box of a history (wallet or card): the list follows after a pause. */
export function HistorySearchField({ value, placeholder, onChange }: { value: string; placeholder: string; onChange: (text: string) => void }) {
  const { t } = useTranslation(historySearchTexts.ns);
  return (
    <TextField
      type="search"
      label={t('filters.search')}
      placeholder={placeholder}
      value={value}
      maxLength={100}
      autoComplete="off"
      enterKeyHint="search"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** "Reset filters", shown only while a filter is set. */
export function ResetFiltersButton({ shown, onReset }: { shown: boolean; onReset: () => void }) {
  const { t } = useTranslation(historySearchTexts.ns);
  if (!shown) return null;
  return (
    <Button variant="plain" onClick={() => onReset()}>
      {t('filters.reset')}
    </Button>
  );
}
