/**
 * Compliance decides a withdrawal held over the approval size: approve (it is sent) or decline (the money goes back to
 * the wallet, once), each with a reason for the audit log. One decision per withdrawal: a second one (another operator
 * was quicker) is refused by the server and shown in the dialog.
 */
import { merge } from 'effector';
import { opsWithdrawalsDecide, type OpsWithdrawal } from '@/shared/contract/ops';
import { createConsoleAction } from '@/ops/shared/api';

export const approveWithdrawal = createConsoleAction<typeof opsWithdrawalsDecide, OpsWithdrawal>(opsWithdrawalsDecide, {
  name: 'ops.withdrawals.approve',
  successKey: 'ops-money:withdrawals.approved',
  errorKey: 'ops-money:withdrawals.decideFailed',
});
export const declineWithdrawal = createConsoleAction<typeof opsWithdrawalsDecide, OpsWithdrawal>(opsWithdrawalsDecide, {
  name: 'ops.withdrawals.decline',
  successKey: 'ops-money:withdrawals.declined',
  errorKey: 'ops-money:withdrawals.decideFailed',
});

/** A decision's dialog opened (for either decision). */
export const decisionOpened = merge([approveWithdrawal.opened, declineWithdrawal.opened]);
/** A decision was saved. */
export const withdrawalDecided = merge([approveWithdrawal.done, declineWithdrawal.done]);
/** A decision was refused or lost (its dialog shows why). */
export const decisionFailed = merge([approveWithdrawal.failed, declineWithdrawal.failed]);
