/** Compliance resolves a parked USDT transfer: credit it to a user (once), or mark it to be returned. */
import { opsHeldAttribute, opsHeldReturn, type HeldDeposit } from '@/shared/contract/ops';
import { createConsoleAction } from '@/ops/shared/api';

export const creditDeposit = createConsoleAction<typeof opsHeldAttribute, HeldDeposit>(opsHeldAttribute, {
  name: 'ops.held.attribute',
  successKey: 'ops-money:held.credited',
});
export const returnDeposit = createConsoleAction<typeof opsHeldReturn, HeldDeposit>(opsHeldReturn, {
  name: 'ops.held.markReturn',
  successKey: 'ops-money:held.markedForReturn',
});
