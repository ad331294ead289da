import { useUnit } from 'effector-react';
import { WalletTransactionType, type Currency } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { Select } from '@/shared/ui';
import { walletSearch } from '../model/wallet';
import styles from './history-filters.module.css';
import { PeriodSelect } from './period-select';
import { HistorySearchField, ResetFiltersButton } from './search-field';
import { historySearchTexts } from '../i18n/texts';

const ANY = '';

/** Search, type, currency and period of the wallet history (the list follows at once; search after a pause). */
export function WalletHistoryFilters() {
  const { t } = useTranslation(historySearchTexts.ns);
  const [text, type, currency, period, filtered] = useUnit([
    walletSearch.$searchText,
    walletSearch.$type,
    walletSearch.$currency,
    walletSearch.$period,
    walletSearch.$filtered,
  ]);
  const [search, changeType, changeCurrency, changePeriod, reset] = useUnit([
    walletSearch.searchChanged,
    walletSearch.typeChanged,
    walletSearch.currencyChanged,
    walletSearch.periodChanged,
    walletSearch.filtersReset,
  ]);
  return (
    <div className={styles.filters} role="search" aria-label={t('filters.title')} data-testid="history-filters">
      <HistorySearchField value={text} placeholder={t('filters.searchPlaceholder')} onChange={search} />
      <div className={styles.row}>
        <Select
          label={t('filters.type')}
          value={type ?? ANY}
          onChange={(event) => changeType((event.target.value || null) as WalletTransactionType | null)}
          options={[{ value: ANY, label: t('filters.any') }, ...WalletTransactionType.options.map((value) => ({ value, label: t(`filters.types.${value}`) }))]}
        />
        <Select
          label={t('filters.currency')}
          value={currency ?? ANY}
          onChange={(event) => changeCurrency((event.target.value || null) as Currency | null)}
          options={[
            { value: ANY, label: t('filters.any') },
            { value: 'USD', label: 'USD' },
            { value: 'RUB', label: 'RUB' },
          ]}
        />
        <PeriodSelect value={period} onChange={changePeriod} />
      </div>
      <ResetFiltersButton shown={filtered} onReset={reset} />
    </div>
  );
}
