/** Compliance's decision on a user under verification: approve, reject with a reason, or ask for more. */
import { opsKycDecide, type UserSummary } from '@/shared/contract/ops';
import { createConsoleAction } from '@/ops/shared/api';

export type DecisionKind = 'approve' | 'reject' | 'requestInfo';

export const kycDecision = createConsoleAction<typeof opsKycDecide, { user: Pick<UserSummary, 'id' | 'name'>; decision: DecisionKind }>(opsKycDecide, {
  name: 'ops.kyc.decide',
  successKey: 'ops-kyc:decided',
  errorKey: 'ops-kyc:decideFailed',
});
