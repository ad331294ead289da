/** Manual adjustments: proposals waiting for a second admin first, then the decided ones. */
import { createEvent, createStore, sample } from 'effector';
import { opsAdjustmentsList } from '@/shared/contract/ops';
import { createPageLifecycle } from '@/shared/lib';
import { approveAdjustment, rejectAdjustment } from '@/ops/features/adjustment-decide';
import { proposeAdjustment } from '@/ops/features/adjustment-propose';
import { createPagedList } from '@/ops/shared/api';

export type AdjustmentFilter = 'proposed' | 'posted' | 'rejected' | 'all';
export const adjustmentsPage = createPageLifecycle('opsAdjustmentsPage');
export const adjustmentsList = createPagedList(opsAdjustmentsList, 'ops.adjustments.list', 'ops-money:adjustments.loadFailed');
export const filterChanged = createEvent<AdjustmentFilter>();
export const $filter = createStore<AdjustmentFilter>('proposed').on(filterChanged, (_, filter) => filter);

sample({
  clock: [adjustmentsPage.opened, filterChanged],
  source: $filter,
  fn: (filter) => ({ query: { status: filter === 'all' ? undefined : filter, limit: 50 } }),
  target: adjustmentsList.loaded,
});
sample({ clock: [proposeAdjustment.done, approveAdjustment.done, rejectAdjustment.done], target: adjustmentsList.reloaded });
