/**
 * UI states of SPEC §4 from farfetched statuses ('initial' | 'pending' | 'done' | 'fail').
 */
import type { FetchingStatus } from '@farfetched/core';
import type { Store } from 'effector';

/** SPEC §4 query states. */
export type QueryState = 'pending' | 'success' | 'error';
/** SPEC §4 mutation states. */
export type MutationState = 'idle' | 'pending' | 'success' | 'error';

/**
 * 'initial' (not started yet, e.g. waiting for `enabled`) counts as 'pending': there is no data yet,
 * so the screen shows its skeleton — the same meaning as TanStack Query's `status: 'pending'`.
 */
export function toQueryState(status: FetchingStatus): QueryState {
  switch (status) {
    case 'done':
      return 'success';
    case 'fail':
      return 'error';
    case 'initial':
    case 'pending':
      return 'pending';
  }
}

/** 'initial' (never started) is 'idle'. */
export function toMutationState(status: FetchingStatus): MutationState {
  switch (status) {
    case 'initial':
      return 'idle';
    case 'pending':
      return 'pending';
    case 'done':
      return 'success';
    case 'fail':
      return 'error';
  }
}

/** `$state` store of a query: `queryState(walletQuery)`. */
export const queryState = (operation: { $status: Store<FetchingStatus> }): Store<QueryState> =>
  operation.$status.map(toQueryState);

/** `$state` store of a mutation. */
export const mutationState = (operation: { $status: Store<FetchingStatus> }): Store<MutationState> =>
  operation.$status.map(toMutationState);
