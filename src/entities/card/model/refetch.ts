/**
 * "Ask the server again now" for a cached query. Queries are cached (fresh 5 min, SPEC §9) and
 * farfetched serves a fresh cache entry without a request, so a plain `start` would show yesterday's
 * card status. farfetched's `update(..., { refetch: true })` drops the query's cache entry and reloads
 * it with the query's latest params, keeping the data on screen meanwhile (the same mechanism
 * entities/user uses for its "Refresh").
 *
 * `refetchWhen(query, { clock, matches })`: whenever `clock` fires with a card id and the query currently
 * holds data (or an error) for that card, the query is reloaded. Queries never started are left alone.
 */
import { createMutation, update, type Query } from '@farfetched/core';
import { sample, type Event } from 'effector';

type AnyQuery = Query<any, any, any, any>;
/** farfetched's view of a query inside `update` rules. */
type QueryView = { result: unknown; params?: unknown } | { error: unknown; params?: unknown } | null;

export interface RefetchWhenOptions {
  /** Fires with the id of the card whose data changed, or null for "every card". */
  clock: Event<string | null>;
  /** Whether the query (its latest params / data) is about this card. */
  matches: (view: Exclude<QueryView, null>, cardId: string | null) => boolean;
  name: string;
}

/** Leaves the query exactly as it is. */
const keep = (view: QueryView) => {
  if (view === null) return { error: null, refetch: false as const };
  if ('result' in view) return { result: view.result, refetch: false as const };
  return { error: view.error, refetch: false as const };
};

export function refetchWhen(query: AnyQuery, { clock, matches, name }: RefetchWhenOptions): void {
  // A local trigger (no network): `update` reacts to mutations only.
  const trigger = createMutation({ handler: async (cardId: string | null) => cardId, name: `${name}.refetchTrigger` });
  sample({ clock, target: trigger.start });
  update(query, {
    on: trigger,
    by: {
      success: ({ query: view, mutation }) => {
        const current = view as QueryView;
        if (current === null || !matches(current, mutation.result)) return keep(current) as never;
        return ('result' in current ? { result: current.result, refetch: true } : { error: current.error, refetch: true }) as never;
      },
    },
  });
}

/** The `id` path param the query was last started with (`{ params: { id } }`), if any. */
export const paramsId = (view: { params?: unknown }): string | undefined =>
  (view.params as { params?: { id?: string; card_id?: string } } | undefined)?.params?.id ??
  (view.params as { params?: { card_id?: string } } | undefined)?.params?.card_id;
