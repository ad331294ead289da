/**
 * History filters and search (issue #14): the controls' state, turned into the list's filters. The search text is
 * debounced (typing does not send a request per key); any change of type, currency or period applies at once and
 * the list starts over from its first page (the entities keep the filters for the next pages).
 *
 * The wallet's and a card's controls are separate modules (wallet.ts, card.ts): the wallet screen carries no card
 * entity (docs/performance.md "Bundle budget").
 */
import { createEvent, createStore, sample, type EventCallable, type Store } from 'effector';
import { debounce } from 'patronum';
import { HISTORY_SEARCH_MAX } from '@/shared/contract';
import { periodInstants, type PeriodKey } from '@/shared/lib';

const SEARCH_DEBOUNCE_MS = 350;

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
export function createSearchControls(now: () => Date): SearchControls & { $instants: Store<ReturnType<typeof periodInstants>> } {
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

export const clean = <T extends Record<string, unknown>>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T;

