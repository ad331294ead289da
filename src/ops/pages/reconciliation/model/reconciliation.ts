/** The reconciliation reports, newest first (the daily job's and the ones admins ran). */
import { sample } from 'effector';
import { opsReconciliationList } from '@/shared/contract/ops';
import { createPageLifecycle } from '@/shared/lib';
import { runReconciliation } from '@/ops/features/reconciliation-run';
import { createPagedList } from '@/ops/shared/api';

export const reconciliationPage = createPageLifecycle('opsReconciliationPage');
export const reportsList = createPagedList(opsReconciliationList, 'ops.reconciliation.list', 'ops-money:reconciliation.loadFailed');

sample({ clock: reconciliationPage.opened, fn: () => ({ query: { limit: 14 } }), target: reportsList.loaded });
sample({ clock: runReconciliation.done, target: reportsList.reloaded });
