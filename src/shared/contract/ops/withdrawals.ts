/**
 * Withdrawals held for an operator (docs/ops.md "Withdrawals over the approval size"): USDT and SBP withdrawals above
 * USDT_WITHDRAWAL_APPROVAL_ABOVE / SBP_PAYOUT_APPROVAL_ABOVE wait, their money reserved, until compliance approves one
 * (it is sent) or declines it (the money goes back to the wallet, once).
 */
import * as z from 'zod/mini';
import { defineEndpoint, Id, Money, PageQuery, page } from '../core';
import { Withdrawal } from '../withdrawals';
import { ActionReason } from './auth';

export const OpsWithdrawal = z.object({
  ...Withdrawal.shape,
  user: z.object({ id: Id, name: z.string(), email: z.string(), frozen: z.boolean() }),
  /**
   * Why it waits for an operator: its amount is over its method's approval size (USDT_WITHDRAWAL_APPROVAL_ABOVE /
   * SBP_PAYOUT_APPROVAL_ABOVE), this one as configured now.
   */
  approvalAbove: Money,
  /** The operator who approved or declined it; null while it waits (or when it never needed one). */
  decidedBy: z.nullable(Id),
});
export type OpsWithdrawal = z.infer<typeof OpsWithdrawal>;

export const opsWithdrawalsAwaiting = defineEndpoint({
  id: 'ops.withdrawals.awaiting',
  method: 'GET',
  path: '/api/ops/withdrawals/awaiting',
  auth: 'operator',
  roles: ['compliance'],
  tag: 'ops',
  summary: 'Withdrawals waiting for an approval, longest waiting first.',
  query: PageQuery,
  response: page(OpsWithdrawal),
});

export const opsWithdrawalsDecide = defineEndpoint({
  id: 'ops.withdrawals.decide',
  method: 'POST',
  path: '/api/ops/withdrawals/{withdrawalId}/decide',
  auth: 'operator',
  roles: ['compliance'],
  tag: 'ops',
  summary:
    'Approve a waiting withdrawal (it is sent; refused while the account is frozen) or decline it (the money goes back to the wallet, once; the user is told).',
  params: z.object({ withdrawalId: Id }),
  body: z.strictObject({ decision: z.enum(['approve', 'decline']), reason: ActionReason }),
  response: OpsWithdrawal,
});

export const opsWithdrawalsEndpoints = {
  'ops.withdrawals.awaiting': opsWithdrawalsAwaiting,
  'ops.withdrawals.decide': opsWithdrawalsDecide,
} as const;
