/**
 * Withdrawals held for an operator (docs/ops.md "Withdrawals over the approval size"): the waiting ones listed
 * (longest waiting first, a view of users' data: audited), and compliance's decision on one, in the transaction that
 * carries it out (server/modules/withdrawals decideWithdrawal) with its audit row. A frozen account's withdrawal can
 * only be declined: no money leaves a frozen account.
 */
import type { OpsWithdrawal, opsWithdrawalsAwaiting, opsWithdrawalsDecide } from '@/shared/contract/ops';
import type { Queryable } from '../../db/db';
import { runLedgerTx } from '../ledger';
import { decideWithdrawal, toWithdrawal, type WithdrawalRow } from '../withdrawals';
import { actorOf, writeAudit } from './audit';
import { decodeCursor, encodeCursor } from './cursor';
import { opsError } from './errors';
import type { OpsDeps, OpsRequest } from './shared';

interface OpsWithdrawalRow extends WithdrawalRow {
  user_name: string;
  user_email: string;
  frozen: boolean;
  decided_by: string | null;
}

const SELECT = `SELECT w.*, u.first_name || ' ' || u.last_name AS user_name, u.email AS user_email, u.frozen_at IS NOT NULL AS frozen
  FROM withdrawals w JOIN users u ON u.id = w.user_id`;

const toOps = (row: OpsWithdrawalRow, settings: OpsDeps['withdrawals']): OpsWithdrawal => ({
  ...toWithdrawal(row, settings),
  user: { id: row.user_id, name: row.user_name, email: row.user_email ?? '', frozen: row.frozen },
  approvalAbove: { amount: settings[row.method].approvalAbove, currency: row.currency },
  decidedBy: row.decided_by,
});

const readOne = async (q: Queryable, id: string): Promise<OpsWithdrawalRow | undefined> =>
  (await q.query<OpsWithdrawalRow>(`${SELECT} WHERE w.id = $1`, [id]))[0];

/** The cursor's key: the last row's creation time and id. */
const parseKey = (key: string): [string, string] | null => {
  const [at, id] = key.split('|');
  return at && id && !Number.isNaN(Date.parse(at)) ? [at, id] : null;
};

export const listAwaitingWithdrawals = async (ctx: OpsRequest<typeof opsWithdrawalsAwaiting>) => {
  const { db, query, withdrawals } = ctx;
  const limit = query.limit ?? 50;
  const after = query.cursor ? decodeCursor(query.cursor, parseKey) : null;
  const rows = await db.query<OpsWithdrawalRow>(
    `${SELECT} WHERE w.status = 'awaiting_approval' AND ($1::timestamptz IS NULL OR (w.created_at, w.id) > ($1::timestamptz, $2))
     ORDER BY w.created_at, w.id LIMIT $3`,
    [after?.[0] ?? null, after?.[1] ?? '', limit + 1],
  );
  const page = rows.slice(0, limit);
  await writeAudit(db, actorOf(ctx), { action: 'withdrawals.viewed', after: { withdrawals: page.map((row) => row.id) } });
  const last = page[page.length - 1];
  return {
    items: page.map((row) => toOps(row, withdrawals)),
    nextCursor: rows.length > limit && last ? encodeCursor(`${last.created_at.toISOString()}|${last.id}`) : null,
  };
};

export const decideHeldWithdrawal = async (ctx: OpsRequest<typeof opsWithdrawalsDecide>) => {
  const { db, clock, params, body, withdrawals } = ctx;
  return runLedgerTx(db, async (q) => {
    const actor = actorOf(ctx);
    // The owner's row shared first: a freeze (an UPDATE of it) lands before this decision or after it.
    const [owner] = await q.query<{ frozen: boolean }>(
      `SELECT u.frozen_at IS NOT NULL AS frozen FROM withdrawals w JOIN users u ON u.id = w.user_id WHERE w.id = $1 FOR SHARE OF u`,
      [params.withdrawalId],
    );
    if (!owner) throw opsError('WITHDRAWAL_NOT_FOUND', 'No such withdrawal.');
    const approve = body.decision === 'approve';
    if (approve && owner.frozen) {
      throw opsError('WITHDRAWAL_ACCOUNT_FROZEN', 'The account is frozen: no money leaves it, so this withdrawal can only be declined.');
    }
    const decided = await decideWithdrawal(q, { clock, settings: withdrawals }, params.withdrawalId, approve ? { approve } : { approve, reason: body.reason }, actor.operatorId!);
    if (!decided) throw opsError('WITHDRAWAL_NOT_FOUND', 'No such withdrawal.');
    if (!decided.decided) throw opsError('WITHDRAWAL_ALREADY_DECIDED', 'This withdrawal is not waiting for an approval.');
    await writeAudit(q, actor, {
      action: approve ? 'withdrawal.approved' : 'withdrawal.declined',
      targetType: 'withdrawal',
      targetId: params.withdrawalId,
      userId: decided.before.user_id,
      reason: body.reason,
      before: { status: decided.before.status },
      after: { status: decided.after.status },
    });
    return toOps((await readOne(q, params.withdrawalId))!, withdrawals);
  });
};
