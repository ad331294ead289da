/** Held money: parked USDT transfers (open, resolved or all) and SBP payments stuck in a non-final state. */
import { createEvent, createStore, sample } from 'effector';
import { opsHeldDeposits, opsHeldSbp } from '@/shared/contract/ops';
import { createPageLifecycle } from '@/shared/lib';
import { creditDeposit, returnDeposit } from '@/ops/features/held-deposit-resolve';
import { createPagedList } from '@/ops/shared/api';

export type HeldState = 'open' | 'resolved' | 'all';
export const heldPage = createPageLifecycle('opsHeldPage');
export const depositsList = createPagedList(opsHeldDeposits, 'ops.held.deposits', 'ops-money:held.loadFailed');
export const sbpList = createPagedList(opsHeldSbp, 'ops.held.sbp', 'ops-money:sbp.loadFailed');
export const stateChanged = createEvent<HeldState>();
export const $state = createStore<HeldState>('open').on(stateChanged, (_, state) => state);

sample({ clock: [heldPage.opened, stateChanged], source: $state, fn: (state) => ({ query: { state, limit: 50 } }), target: depositsList.loaded });
sample({ clock: heldPage.opened, fn: () => ({ query: { limit: 50 } }), target: sbpList.loaded });
sample({ clock: [creditDeposit.done, returnDeposit.done], target: depositsList.reloaded });
