import { useTranslation } from '@/shared/i18n';
import { PERIOD_KEYS, type PeriodKey } from '@/shared/lib';
import { Select } from '@/shared/ui';
import { historySearchTexts } from '../i18n/texts';

/** The period of a history (all, this month, …), shared by the wallet's and a card's filters. */
export function PeriodSelect({ value, onChange }: { value: PeriodKey; onChange: (period: PeriodKey) => void }) {
  const { t } = useTranslation(historySearchTexts.ns);
  return (
    <Select
      label={t('filters.period')}
      value={value}
      onChange={(event) => onChange(event.target.value as PeriodKey)}
      options={PERIOD_KEYS.map((key) => ({ value: key, label: t(`filters.periods.${key}`) }))}
    />
  );
}
