/**
 * "Show more" over a cursor-paginated list (`{ items, nextCursor }` pages): the first page is one query, each next page
 * a second query of the same endpoint appended after it, each item once (by id). The referral list and the activity
 * centre use it; `moreRequested` asks the next page (nothing while one is on its way or at the end).
 */
import { combine, createStore, sample, type Event, type EventCallable, type Store } from 'effector';
import { apiDataReset } from './reset';

interface PageOf<Item> {
  items: Item[];
  nextCursor: string | null;
}
interface Succeeded<Item> {
  result: PageOf<Item>;
}

export function createShowMore<Item extends { id: string }, Params>(options: {
  first: { $data: Store<PageOf<Item> | null>; finished: { success: Event<Succeeded<Item>> } };
  more: { $pending: Store<boolean>; start: EventCallable<Params>; finished: { success: Event<Succeeded<Item>> } };
  moreRequested: EventCallable<void>;
  /** The next page's query parameters from its cursor. */
  nextPage: (cursor: string) => Params;
}) {
  const { first, more } = options;
  const $morePages = createStore<Item[]>([], { serialize: 'ignore' })
    .on(more.finished.success, (items, { result }) => [...items, ...result.items])
    .reset(first.finished.success, apiDataReset);
  /** Every item loaded so far, in order, each once. */
  const $items = combine(first.$data, $morePages, (page, rest) => {
    const seen = new Set<string>();
    return [...(page?.items ?? []), ...rest].filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
  });
  const $nextCursor = createStore<string | null>(null, { serialize: 'ignore' })
    .on(first.$data, (_, page) => page?.nextCursor ?? null)
    .on(more.finished.success, (_, { result }) => result.nextCursor)
    .reset(apiDataReset);
  sample({
    clock: options.moreRequested,
    source: { cursor: $nextCursor, pending: more.$pending },
    filter: ({ cursor, pending }) => cursor !== null && !pending,
    fn: ({ cursor }) => options.nextPage(cursor!),
    target: more.start,
  });
  return { $items, $hasMore: $nextCursor.map((cursor) => cursor !== null), $loadingMore: more.$pending };
}
