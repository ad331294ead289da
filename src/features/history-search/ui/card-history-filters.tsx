import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Button, TextField } from '@/shared/ui';
import { cardSearch } from '../model/card';
import styles from './history-filters.module.css';
import { PeriodSelect } from './period-select';

/** Search by amount or merchant and the period, for a card's transactions. */
export function CardHistoryFilters() {
  const { t } = useTranslation('history');
  const [text, period, filtered] = useUnit([cardSearch.$searchText, cardSearch.$period, cardSearch.$filtered]);
  const [search, changePeriod, reset] = useUnit([cardSearch.searchChanged, cardSearch.periodChanged, cardSearch.filtersReset]);
  return (
    <div className={styles.filters} role="search" aria-label={t('filters.title')} data-testid="card-history-filters">
      <div className={styles.row}>
        <TextField
          type="search"
          label={t('filters.search')}
          placeholder={t('filters.cardSearchPlaceholder')}
          value={text}
          maxLength={100}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => search(event.target.value)}
        />
        <PeriodSelect value={period} onChange={changePeriod} />
      </div>
      {filtered && (
        <Button variant="plain" onClick={() => reset()}>
          {t('filters.reset')}
        </Button>
      )}
    </div>
  );
}
