/** A card history's filters (search by amount or merchant, period): see controls.ts. */
import { combine, sample } from 'effector';
import { cardOpened, cardTransactions, type CardHistoryFilters } from '@/entities/card';
import { clean, createSearchControls } from './controls';

const card = createSearchControls(() => new Date());
const $cardFilters = combine(card.$instants, card.$appliedSearch, (instants, q): CardHistoryFilters => clean({ ...instants, q }));
const $cardFiltered = combine($cardFilters, card.$searchText, (filters, text) => Object.keys(filters).length > 0 || text.trim() !== '');

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
