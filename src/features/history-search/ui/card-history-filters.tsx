import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { cardSearch } from '../model/card';
import styles from './history-filters.module.css';
import { PeriodSelect } from './period-select';
import { HistorySearchField, ResetFiltersButton } from './search-field';
import { historySearchTexts } from '../i18n/texts';

/** Search by amount or merchant and the period, for a card's transactions. */
export function CardHistoryFilters() {
  const { t } = useTranslation(historySearchTexts.ns);
  const [text, period, filtered] = useUnit([cardSearch.$searchText, cardSearch.$period, cardSearch.$filtered]);
  const [search, changePeriod, reset] = useUnit([cardSearch.searchChanged, cardSearch.periodChanged, cardSearch.filtersReset]);
  return (
    <div className={styles.filters} role="search" aria-label={t('filters.title')} data-testid="card-history-filters">
      <div className={styles.row}>
        <HistorySearchField value={text} placeholder={t('filters.cardSearchPlaceholder')} onChange={search} />
        <PeriodSelect value={period} onChange={changePeriod} />
      </div>
      <ResetFiltersButton shown={filtered} onReset={reset} />
    </div>
  );
}
