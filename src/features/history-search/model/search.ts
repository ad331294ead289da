/**
 * History filters and search (issue #14): the controls' state, turned into the list's filters. The search text is
 * debounced (typing does not send a request per key); any change of type, currency or period applies at once and
 * the list starts over from its first page (the entities keep the filters for the next pages).
 */
import { combine, createEvent, createStore, sample, type EventCallable, type Store } from 'effector';
import { debounce } from 'patronum';
import { cardOpened, cardTransactions, type CardHistoryFilters } from '@/entities/card';
import { transactionFiltersApplied, type TransactionFilters } from '@/entities/transaction';
import { HISTORY_SEARCH_MAX, type Currency, type WalletTransactionType } from '@/shared/contract';
import { periodInstants, type PeriodKey } from '@/shared/lib';

export const SEARCH_DEBOUNCE_MS = 350;

interface SearchControls {
  periodChanged: EventCallable<PeriodKey>;
  searchChanged: EventCallable<string>;
  /** Everything back to "all", search empty. */
  filtersReset: EventCallable<void>;
  $period: Store<PeriodKey>;
  $searchText: Store<string>;
  /** The (debounced) search text applied to the list. */
  $appliedSearch: Store<string>;
  /** The clock fired whenever the applied filters change (period at once, search after the pause). */
  applied: EventCallable<void>;
}

/** Period + debounced search, shared by the wallet and the card controls. */
function createSearchControls(now: () => Date): SearchControls & { $instants: Store<ReturnType<typeof periodInstants>> } {
  const periodChanged = createEvent<PeriodKey>();
  const searchChanged = createEvent<string>();
  const filtersReset = createEvent();
  const applied = createEvent();

  const $period = createStore<PeriodKey>('all', { serialize: 'ignore' }).on(periodChanged, (_, period) => period).reset(filtersReset);
  const $searchText = createStore('', { serialize: 'ignore' })
    .on(searchChanged, (_, text) => text.slice(0, HISTORY_SEARCH_MAX))
    .reset(filtersReset);
  const $appliedSearch = createStore('', { serialize: 'ignore' }).reset(filtersReset);
  const $instants = createStore(periodInstants('all', now()), { serialize: 'ignore' }).reset(filtersReset);

  sample({ clock: periodChanged, fn: (period) => periodInstants(period, now()), target: $instants });
  const settled = debounce({ source: $searchText, timeout: SEARCH_DEBOUNCE_MS });
  sample({
    clock: settled,
    source: $appliedSearch,
    filter: (previous, text) => previous !== text.trim(),
    fn: (_, text) => text.trim(),
    target: [$appliedSearch, applied],
  });
  sample({ clock: [periodChanged, filtersReset], target: applied });

  return { periodChanged, searchChanged, filtersReset, applied, $period, $searchText, $appliedSearch, $instants };
}

const clean = <T extends Record<string, unknown>>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T;

// ── Wallet ────────────────────────────────────────────────────────────────────────────────────────

const wallet = createSearchControls(() => new Date());
export const walletTypeChanged = createEvent<WalletTransactionType | null>();
export const walletCurrencyChanged = createEvent<Currency | null>();
export const $walletType = createStore<WalletTransactionType | null>(null, { serialize: 'ignore' })
  .on(walletTypeChanged, (_, type) => type)
  .reset(wallet.filtersReset);
export const $walletCurrency = createStore<Currency | null>(null, { serialize: 'ignore' })
  .on(walletCurrencyChanged, (_, currency) => currency)
  .reset(wallet.filtersReset);

export const $walletFilters = combine(
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

// ── Card ──────────────────────────────────────────────────────────────────────────────────────────

const card = createSearchControls(() => new Date());
export const $cardFilters = combine(card.$instants, card.$appliedSearch, (instants, q): CardHistoryFilters => clean({ ...instants, q }));
export const $cardFiltered = combine($cardFilters, card.$searchText, (filters, text) => Object.keys(filters).length > 0 || text.trim() !== '');

// Another card: its list starts unfiltered.
sample({ clock: cardOpened, target: card.filtersReset });
sample({ clock: card.applied, source: $cardFilters, target: cardTransactions.filtersApplied });

export const cardSearch = {
  periodChanged: card.periodChanged,
  searchChanged: card.searchChanged,
  filtersReset: card.filtersReset,
  $period: card.$period,
  $searchText: card.$searchText,
  $filtered: $cardFiltered,
};
