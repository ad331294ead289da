/**
 * Every ledger posting of a withdrawal (docs/transfers.md "Withdrawals"):
 * - reserve (at the request, `pending`): wallet −(amount + fee) → withdrawal_clearing +amount, fee_revenue +fee;
 * - settle (the network or the provider confirmed): withdrawal_clearing −amount → usdt_clearing / sbp_clearing +amount
 *   (the money left through that rail), the reserve `completed`;
 * - refund (failed, expired or rejected): withdrawal_clearing −amount, fee_revenue −fee → wallet +(amount + fee), the
 *   reserve `failed`. Each under a key derived from the withdrawal's id: exactly once however often it runs.
 */
import type { Currency } from '@/shared/contract';
import type { Queryable } from '../../db/db';
import { accountIds, getSystemAccount, postTransaction, updateTransactionStatus } from '../ledger';
import { explorerUrl, stateOf, type WithdrawalRow, type WithdrawalRowStatus } from './shared';
import type { WithdrawalsSettings } from '../../config';

const TYPE = { usdt: 'usdtWithdrawal', sbp: 'sbpWithdrawal' } as const;
const RAIL = { usdt: 'usdt_clearing', sbp: 'sbp_clearing' } as const;

export const reserveWithdrawal = async (
  q: Queryable,
  input: { id: string; userId: string; method: 'usdt' | 'sbp'; amount: number; fee: number; currency: Currency; details: Record<string, unknown>; now: Date },
): Promise<string> => {
  const clearing = await getSystemAccount(q, 'withdrawal_clearing', input.currency, input.now);
  const fees = input.fee > 0 ? await getSystemAccount(q, 'fee_revenue', input.currency, input.now) : null;
  const { transactionId } = await postTransaction(q, {
    type: TYPE[input.method],
    userId: input.userId,
    idempotencyKey: `withdrawal:${input.id}`,
    status: 'pending',
    details: input.details,
    entries: [
      { accountId: accountIds.wallet(input.userId, input.currency), amount: -(input.amount + input.fee) },
      { accountId: clearing.id, amount: input.amount },
      ...(fees ? [{ accountId: fees.id, amount: input.fee }] : []),
    ],
    display: { direction: 'debit', amount: input.amount + input.fee, currency: input.currency },
    reference: input.id,
    now: input.now,
  });
  return transactionId;
};

/** The withdrawal's own state in its wallet row's details (and the tx hash and explorer link once known). */
export const updateWalletRow = async (q: Queryable, row: WithdrawalRow, status: WithdrawalRowStatus, settings: WithdrawalsSettings): Promise<void> => {
  await q.query(`UPDATE ledger_transactions SET details = details || $2::jsonb WHERE id = $1`, [
    row.transaction_id,
    JSON.stringify({ state: stateOf(status), txHash: row.method === 'usdt' ? row.tx_id : null, explorerUrl: row.method === 'usdt' ? explorerUrl(settings, row.tx_id) : null }),
  ]);
};

export const settleWithdrawal = async (q: Queryable, row: WithdrawalRow, now: Date, settings: WithdrawalsSettings): Promise<void> => {
  const clearing = await getSystemAccount(q, 'withdrawal_clearing', row.currency, now);
  const rail = await getSystemAccount(q, RAIL[row.method], row.currency, now);
  await postTransaction(q, {
    type: 'withdrawalSettle',
    userId: null,
    idempotencyKey: `withdrawalSettle:${row.id}`,
    details: { withdrawalId: row.id },
    entries: [
      { accountId: clearing.id, amount: -Number(row.amount) },
      { accountId: rail.id, amount: Number(row.amount) },
    ],
    reference: row.id,
    now,
  });
  await updateWalletRow(q, row, 'completed', settings);
  await updateTransactionStatus(q, row.transaction_id, { status: 'completed', now });
};

export const refundWithdrawal = async (q: Queryable, row: WithdrawalRow, outcome: 'failed' | 'rejected', failureCode: string, now: Date, settings: WithdrawalsSettings) => {
  const clearing = await getSystemAccount(q, 'withdrawal_clearing', row.currency, now);
  const fee = Number(row.fee);
  const fees = fee > 0 ? await getSystemAccount(q, 'fee_revenue', row.currency, now) : null;
  await postTransaction(q, {
    type: 'withdrawalRefund',
    userId: row.user_id,
    idempotencyKey: `withdrawalRefund:${row.id}`,
    details: { withdrawalId: row.id, failureCode },
    entries: [
      { accountId: clearing.id, amount: -Number(row.amount) },
      ...(fees ? [{ accountId: fees.id, amount: -fee }] : []),
      { accountId: accountIds.wallet(row.user_id, row.currency), amount: Number(row.amount) + fee },
    ],
    display: { direction: 'credit', amount: Number(row.amount) + fee, currency: row.currency },
    reference: row.id,
    now,
  });
  await updateWalletRow(q, row, outcome, settings);
  await updateTransactionStatus(q, row.transaction_id, { status: 'failed', failureCode, now });
};
