/** The wallet history's filters (search, type, currency, period): see controls.ts. */
import { combine, createEvent, createStore, sample } from 'effector';
import { transactionFiltersApplied, type TransactionFilters } from '@/entities/transaction';
import type { Currency, WalletTransactionType } from '@/shared/contract';
import { clean, createSearchControls } from './controls';

const wallet = createSearchControls(() => new Date());
const walletTypeChanged = createEvent<WalletTransactionType | null>();
const walletCurrencyChanged = createEvent<Currency | null>();
const $walletType = createStore<WalletTransactionType | null>(null, { serialize: 'ignore' })
  .on(walletTypeChanged, (_, type) => type)
  .reset(wallet.filtersReset);
const $walletCurrency = createStore<Currency | null>(null, { serialize: 'ignore' })
  .on(walletCurrencyChanged, (_, currency) => currency)
  .reset(wallet.filtersReset);

const $walletFilters = combine(
  { type: $walletType, currency: $walletCurrency, instants: wallet.$instants, q: wallet.$appliedSearch },
  ({ type, currency, instants, q }): TransactionFilters => clean({ type: type ?? undefined, currency: currency ?? undefined, ...instants, q }),
);
/** Something narrows the list (the empty state then says so and offers a reset). */
export const $walletFiltered = combine($walletFilters, wallet.$searchText, (filters, text) => Object.keys(filters).length > 0 || text.trim() !== '');

sample({ clock: [wallet.applied, walletTypeChanged, walletCurrencyChanged], source: $walletFilters, target: transactionFiltersApplied });

export const walletSearch = {
  periodChanged: wallet.periodChanged,
  searchChanged: wallet.searchChanged,
  filtersReset: wallet.filtersReset,
  typeChanged: walletTypeChanged,
  currencyChanged: walletCurrencyChanged,
  $period: wallet.$period,
  $searchText: wallet.$searchText,
  $type: $walletType,
  $currency: $walletCurrency,
  $filtered: $walletFiltered,
};

