/**
 * The job that carries a withdrawal out ('withdrawals.process', docs/transfers.md "Withdrawals"), a state machine over
 * the withdrawal row; every step is safe to run again after a crash at any point:
 *
 * USDT  pending → sign ONE transaction and store it (committed before anything leaves) → broadcast it → sending →
 *       check the network every WITHDRAWAL_POLL_MS: confirmed → settle; failed → refund; unknown past the
 *       transaction's expiration (+ a margin for blocks not yet solidified) → it can never be included: refund.
 *       A retry broadcasts the SAME stored bytes; nothing is ever signed twice.
 * SBP   pending → create the payout (idempotent on the withdrawal id) → sending → poll: succeeded → settle; failed →
 *       refund; unknown → create again (the provider never got it).
 *
 * Final steps (settle, refund) run in one transaction holding the row (FOR UPDATE) and only from the state they leave,
 * with ledger keys derived from the id: a step run twice moves money once. If the job ever gives up (attempts spent),
 * nothing is refunded blindly (money might have left): the row is marked NEEDS_REVIEW for an operator.
 */
import type { JobContext } from '../../jobs';
import { enqueueJob, RetryAfterError } from '../../jobs';
import { notifyUser } from '../notifications';
import { runLedgerTx } from '../ledger';
import { refundWithdrawal, settleWithdrawal, updateWalletRow } from './money';
import type { WithdrawalRow, WithdrawalRowStatus, WithdrawalsDeps } from './shared';
import type { SignedTronTransfer } from '../../adapters/tron';
import type { Queryable } from '../../db/db';

/** A transaction unknown this long after its expiration is not in any block (solidification takes about a minute). */
const EXPIRY_MARGIN_MS = 5 * 60_000;

type Deps = Pick<WithdrawalsDeps, 'db' | 'clock' | 'settings' | 'tron' | 'payouts'>;

const read = async (q: Queryable, id: string, lock = false): Promise<WithdrawalRow | null> =>
  (await q.query<WithdrawalRow>(`SELECT * FROM withdrawals WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]))[0] ?? null;

const signedOf = (row: WithdrawalRow): SignedTronTransfer | null =>
  row.tx_id && row.signed_payload && row.tx_expires_at ? { txId: row.tx_id, payload: row.signed_payload, expiresAt: row.tx_expires_at } : null;

const later = (deps: Deps) => new RetryAfterError('withdrawal in flight: checked again later', deps.settings.pollMs);

/** Moves a row from `from` to a final state (settled or refunded) exactly once, and tells the user. */
const finish = async (deps: Deps, id: string, from: WithdrawalRowStatus[], outcome: { kind: 'completed' } | { kind: 'failed'; code: string }) =>
  runLedgerTx(deps.db, async (q) => {
    const row = await read(q, id, true);
    if (!row || !from.includes(row.status)) return;
    const now = deps.clock.now();
    const money = { amount: Number(row.amount), currency: row.currency };
    if (outcome.kind === 'completed') {
      await settleWithdrawal(q, row, now, deps.settings);
      await q.query(`UPDATE withdrawals SET status = 'completed', updated_at = $2, finished_at = $2 WHERE id = $1`, [id, now]);
      await notifyUser(q, row.user_id, { kind: 'withdrawalCompleted', ref: id, amount: money, method: row.method }, now);
    } else {
      await refundWithdrawal(q, row, 'failed', outcome.code, now, deps.settings);
      await q.query(`UPDATE withdrawals SET status = 'failed', failure_code = $3, updated_at = $2, finished_at = $2 WHERE id = $1`, [id, now, outcome.code]);
      await notifyUser(q, row.user_id, { kind: 'withdrawalFailed', ref: id, amount: money, method: row.method }, now);
    }
  });

const markSending = (deps: Deps, row: WithdrawalRow) =>
  deps.db.tx(async (q) => {
    const updated = await q.query<WithdrawalRow>(`UPDATE withdrawals SET status = 'sending', updated_at = $2 WHERE id = $1 AND status = 'pending' RETURNING *`, [
      row.id,
      deps.clock.now(),
    ]);
    if (updated[0]) await updateWalletRow(q, updated[0], 'sending', deps.settings);
  });

const processUsdt = async (deps: Deps, row: WithdrawalRow): Promise<void> => {
  const tron = deps.tron;
  if (!tron) throw new Error('no TRON sender configured: the withdrawal waits');
  let signed = signedOf(row);
  if (!signed) {
    if (row.destination.kind !== 'tron') throw new Error('a USDT withdrawal without a TRON destination');
    const fresh = await tron.sign({ to: row.destination.address, amountMicro: Number(row.amount) * 10_000 });
    // Stored before it is broadcast, and only if no other run stored one first: one signed transaction per withdrawal.
    await deps.db.query(`UPDATE withdrawals SET tx_id = $2, signed_payload = $3, tx_expires_at = $4, updated_at = $5 WHERE id = $1 AND tx_id IS NULL`, [
      row.id,
      fresh.txId,
      fresh.payload,
      fresh.expiresAt,
      deps.clock.now(),
    ]);
    const stored = await read(deps.db, row.id);
    signed = stored ? signedOf(stored) : null;
    if (!signed) throw new Error('the signed transaction was not stored');
    row = stored!;
  }
  if (row.status === 'pending') {
    await tron.broadcast(signed); // throws when the node cannot take it: the job runs again and broadcasts the same bytes
    await markSending(deps, row);
    throw later(deps);
  }
  const state = await tron.status(signed);
  if (state.state === 'confirmed') return finish(deps, row.id, ['sending'], { kind: 'completed' });
  if (state.state === 'failed') return finish(deps, row.id, ['sending'], { kind: 'failed', code: state.failureCode });
  if (deps.clock.now().getTime() > signed.expiresAt.getTime() + EXPIRY_MARGIN_MS) {
    return finish(deps, row.id, ['sending'], { kind: 'failed', code: 'TRON_EXPIRED' });
  }
  // Not in a solidified block yet: say it again (a node may have dropped it) and look later.
  await tron.broadcast(signed).catch(() => undefined);
  throw later(deps);
};

const processSbp = async (deps: Deps, row: WithdrawalRow): Promise<void> => {
  const payouts = deps.payouts;
  if (!payouts) throw new Error('no SBP payout provider configured: the withdrawal waits');
  if (row.destination.kind !== 'sbp') throw new Error('an SBP withdrawal without an SBP destination');
  const request = { payoutId: row.id, phone: row.destination.phone, bankId: row.destination.bankId, amount: Number(row.amount), description: `Withdrawal ${row.id}` };
  if (row.status === 'pending') {
    await payouts.create(request);
    await markSending(deps, row);
    throw later(deps);
  }
  const state = await payouts.status(row.id);
  if (state.state === 'succeeded') return finish(deps, row.id, ['sending'], { kind: 'completed' });
  if (state.state === 'failed') return finish(deps, row.id, ['sending'], { kind: 'failed', code: state.failureCode });
  if (state.state === 'unknown') await payouts.create(request);
  throw later(deps);
};

export const processWithdrawal = async (deps: Deps, payload: { withdrawalId: string }): Promise<void> => {
  const row = await read(deps.db, payload.withdrawalId);
  if (!row || (row.status !== 'pending' && row.status !== 'sending')) return; // final, or waiting for an operator
  return row.method === 'usdt' ? processUsdt(deps, row) : processSbp(deps, row);
};

/** Attempts spent: never a blind refund (money may have left); an operator looks at it. */
export const withdrawalJobGaveUp = async (q: Queryable, payload: { withdrawalId: string }, ctx: Pick<JobContext, 'log'> & { error: string }): Promise<void> => {
  await q.query(`UPDATE withdrawals SET failure_code = 'NEEDS_REVIEW' WHERE id = $1 AND status IN ('pending', 'sending')`, [payload.withdrawalId]);
  ctx.log.error({ withdrawalId: payload.withdrawalId, error: ctx.error }, 'withdrawal job gave up: needs review');
};

export type WithdrawalDecision = { approve: true } | { approve: false; reason: string };

/**
 * An operator's decision on a withdrawal awaiting approval, in the caller's transaction (the ops endpoint
 * POST /api/ops/withdrawals/{id}/decide audits it in the same one): approved → pending, its job enqueued; declined →
 * refunded once, the user told. Answers the row before and after (null: no such withdrawal); a row that is not
 * awaiting approval is left as it is (`decided: false`).
 */
export const decideWithdrawal = async (q: Queryable, deps: Pick<Deps, 'clock' | 'settings'>, id: string, decision: WithdrawalDecision, operator: string) => {
  const row = await read(q, id, true);
  if (!row) return null;
  if (row.status !== 'awaiting_approval') return { before: row, after: row, decided: false };
  const now = deps.clock.now();
  if (decision.approve) {
    await q.query(`UPDATE withdrawals SET status = 'pending', decided_by = $3, updated_at = $2 WHERE id = $1`, [id, now, operator]);
    await updateWalletRow(q, { ...row, status: 'pending' }, 'pending', deps.settings);
    await enqueueJob(q, { kind: 'withdrawals.process', payload: { withdrawalId: id }, dedupeKey: `withdrawals.process:${id}`, maxAttempts: 10_000 });
  } else {
    await refundWithdrawal(q, row, 'rejected', 'WITHDRAWAL_REJECTED', now, deps.settings);
    await q.query(`UPDATE withdrawals SET status = 'rejected', failure_code = 'WITHDRAWAL_REJECTED', decided_by = $3, updated_at = $2, finished_at = $2 WHERE id = $1`, [
      id,
      now,
      operator,
    ]);
    const money = { amount: Number(row.amount), currency: row.currency };
    await notifyUser(q, row.user_id, { kind: 'withdrawalFailed', ref: id, amount: money, method: row.method }, now);
  }
  return { before: row, after: (await read(q, id))!, decided: true };
};
