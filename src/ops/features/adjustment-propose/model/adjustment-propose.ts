/** An admin proposes an adjustment of a user's wallet (a goodwill credit, or a correction either way). */
import { opsAdjustmentsPropose } from '@/shared/contract/ops';
import { createConsoleAction } from '@/ops/shared/api';

export const proposeAdjustment = createConsoleAction(opsAdjustmentsPropose, {
  name: 'ops.adjustments.propose',
  successKey: 'ops-money:adjustments.proposed',
});
