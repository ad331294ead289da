/** Another admin approves a proposal (it posts, once) or rejects it; its proposer may withdraw it (reject). */
import { opsAdjustmentsApprove, opsAdjustmentsReject, type Adjustment } from '@/shared/contract/ops';
import { createConsoleAction } from '@/ops/shared/api';

export const approveAdjustment = createConsoleAction<typeof opsAdjustmentsApprove, Adjustment>(opsAdjustmentsApprove, {
  name: 'ops.adjustments.approve',
  successKey: 'ops-money:adjustments.posted',
});
export const rejectAdjustment = createConsoleAction<typeof opsAdjustmentsReject, Adjustment>(opsAdjustmentsReject, {
  name: 'ops.adjustments.reject',
  successKey: 'ops-money:adjustments.rejected',
});
