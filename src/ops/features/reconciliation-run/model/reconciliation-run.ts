/** An admin runs the reconciliation now (the daily job runs it by itself). */
import { opsReconciliationRun } from '@/shared/contract/ops';
import { createConsoleAction } from '@/ops/shared/api';

export const runReconciliation = createConsoleAction(opsReconciliationRun, {
  name: 'ops.reconciliation.run',
  successKey: 'ops-money:reconciliation.ran',
});
