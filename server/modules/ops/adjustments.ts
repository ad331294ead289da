/**
 * Manual adjustments under four eyes (docs/ops.md "Manual adjustments"): an admin proposes a balanced posting with a
 * reason; a DIFFERENT admin approves it, and only then it posts — exactly once: the approval locks the proposal's row
 * (a second approval waits, then finds it posted and is refused), the ledger key is `adjustment:<id>`, and the table's
 * CHECK refuses a posted row approved by its proposer. A goodwill credit comes from the company's expense account
 * (`goodwill_expense`), a correction goes either way against `ops_adjustments`; a debit never takes a wallet below zero.
 */
import { randomBytes } from 'node:crypto';
import type { Adjustment, opsAdjustmentsApprove, opsAdjustmentsList, opsAdjustmentsPropose, opsAdjustmentsReject } from '@/shared/contract/ops';
import type { Currency } from '@/shared/contract/core';
import type { Queryable } from '../../db/db';
import { isDomainError } from '../../http/errors';
import { accountIds, ensureWalletAccounts, getSystemAccount, postTransaction } from '../ledger';
import { actorOf, writeAudit } from './audit';
import { decodeCursor, encodeCursor } from './cursor';
import { opsError } from './errors';
import type { OpsRequest } from './shared';

interface AdjustmentRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  user_name: string;
  user_email: string;
  kind: 'goodwill' | 'correction';
  direction: 'credit' | 'debit';
  currency: Currency;
  amount: number;
  reason: string;
  status: 'proposed' | 'posted' | 'rejected';
  proposed_by: string;
  proposed_by_name: string;
  proposed_at: Date;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  decision_note: string | null;
  transaction_id: string | null;
}

const SELECT = `SELECT a.id, a.user_id, u.first_name || ' ' || u.last_name AS user_name, u.email AS user_email, a.kind, a.direction,
    a.currency, a.amount, a.reason, a.status, a.proposed_by, p.name AS proposed_by_name, a.proposed_at, a.decided_by,
    d.name AS decided_by_name, a.decided_at, a.decision_note, a.transaction_id
  FROM ops_adjustments a JOIN users u ON u.id = a.user_id JOIN operators p ON p.id = a.proposed_by
  LEFT JOIN operators d ON d.id = a.decided_by`;

const toAdjustment = (row: AdjustmentRow): Adjustment => ({
  id: row.id,
  user: { id: row.user_id, name: row.user_name, email: row.user_email },
  kind: row.kind,
  direction: row.direction,
  amount: { amount: Number(row.amount), currency: row.currency },
  reason: row.reason,
  status: row.status,
  proposedBy: { id: row.proposed_by, name: row.proposed_by_name },
  proposedAt: row.proposed_at.toISOString(),
  decidedBy: row.decided_by ? { id: row.decided_by, name: row.decided_by_name ?? '' } : null,
  decidedAt: row.decided_at?.toISOString() ?? null,
  decisionNote: row.decision_note,
  transactionId: row.transaction_id,
});

const readOne = async (q: Queryable, id: string, lock = false): Promise<AdjustmentRow | null> =>
  (await q.query<AdjustmentRow>(`${SELECT} WHERE a.id = $1${lock ? ' FOR UPDATE OF a' : ''}`, [id]))[0] ?? null;

const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\|(.{1,64})$/;

export const listAdjustments = async (ctx: OpsRequest<typeof opsAdjustmentsList>) => {
  const { db, query } = ctx;
  const limit = query.limit ?? 50;
  const before = query.cursor ? decodeCursor(query.cursor, (key) => CURSOR.exec(key)) : null;
  const rows = await db.query<AdjustmentRow>(
    `${SELECT} WHERE ($1::text IS NULL OR a.status = $1)
       AND ($2::timestamptz IS NULL OR (a.proposed_at, a.id) < ($2::timestamptz, $3::text))
     ORDER BY a.proposed_at DESC, a.id DESC LIMIT $4`,
    [query.status ?? null, before?.[1] ?? null, before?.[2] ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  // The list names users and their amounts: a view of users' data, audited like the held-money list.
  await writeAudit(db, actorOf(ctx), { action: 'adjustments.viewed', after: { status: query.status ?? 'all', adjustments: page.map((row) => row.id) } });
  return {
    items: page.map(toAdjustment),
    nextCursor: rows.length > limit ? encodeCursor(`${page[page.length - 1]!.proposed_at.toISOString()}|${page[page.length - 1]!.id}`) : null,
  };
};

export const proposeAdjustment = async (ctx: OpsRequest<typeof opsAdjustmentsPropose>) => {
  const { db, body } = ctx;
  return db.tx(async (q) => {
    const actor = actorOf(ctx);
    const [user] = await q.query<{ deleted_at: Date | null }>('SELECT deleted_at FROM users WHERE id = $1', [body.userId]);
    if (!user) throw opsError('USER_NOT_FOUND', 'No such user.');
    if (user.deleted_at) throw opsError('USER_DELETED', 'The account was deleted.');
    const id = `adj_${randomBytes(12).toString('base64url')}`;
    await q.query(
      `INSERT INTO ops_adjustments (id, user_id, kind, direction, currency, amount, reason, status, proposed_by, proposed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'proposed', $8, $9)`,
      [id, body.userId, body.kind, body.direction, body.currency, body.amount, body.reason, actor.operatorId, actor.at],
    );
    const adjustment = toAdjustment((await readOne(q, id))!);
    await writeAudit(q, actor, { action: 'adjustment.proposed', targetType: 'adjustment', targetId: id, userId: body.userId, reason: body.reason, after: adjustment });
    return adjustment;
  });
};

/** The proposal, locked, still waiting for a decision (else 404 / 409). */
const lockProposed = async (q: Queryable, id: string): Promise<AdjustmentRow> => {
  const row = await readOne(q, id, true);
  if (!row) throw opsError('ADJUSTMENT_NOT_FOUND', 'No such adjustment.');
  if (row.status !== 'proposed') throw opsError('ADJUSTMENT_ALREADY_DECIDED', `The adjustment was ${row.status} already.`);
  return row;
};

export const approveAdjustment = async (ctx: OpsRequest<typeof opsAdjustmentsApprove>) => {
  const { db, params } = ctx;
  return db.tx(async (q) => {
    const actor = actorOf(ctx);
    const row = await lockProposed(q, params.adjustmentId);
    if (row.proposed_by === actor.operatorId) throw opsError('FOUR_EYES_REQUIRED', 'You proposed this adjustment: another admin must approve it.');
    const amount = Number(row.amount);
    const code = row.kind === 'goodwill' ? 'goodwill_expense' : 'ops_adjustments';
    await getSystemAccount(q, code, row.currency, actor.at);
    const wallets = await ensureWalletAccounts(q, row.user_id, actor.at);
    const signed = row.direction === 'credit' ? amount : -amount;
    let posted: { transactionId: string };
    try {
      posted = await postTransaction(q, {
        type: 'manualAdjustment',
        userId: row.user_id,
        idempotencyKey: `adjustment:${row.id}`,
        details: { kind: row.kind, adjustmentId: row.id },
        entries: [
          { accountId: accountIds.system(code, row.currency), amount: -signed },
          { accountId: wallets[row.currency], amount: signed },
        ],
        reference: row.id,
        now: actor.at,
      });
    } catch (error) {
      if (isDomainError(error) && error.code === 'INSUFFICIENT_FUNDS') {
        throw opsError('ADJUSTMENT_INSUFFICIENT_FUNDS', "The user's wallet holds less than this correction would take.");
      }
      throw error;
    }
    await q.query(`UPDATE ops_adjustments SET status = 'posted', decided_by = $2, decided_at = $3, transaction_id = $4 WHERE id = $1`, [
      row.id,
      actor.operatorId,
      actor.at,
      posted.transactionId,
    ]);
    const after = toAdjustment((await readOne(q, row.id))!);
    await writeAudit(q, actor, {
      action: 'adjustment.posted',
      targetType: 'adjustment',
      targetId: row.id,
      userId: row.user_id,
      reason: row.reason,
      before: { status: 'proposed', proposedBy: row.proposed_by },
      after,
    });
    return after;
  });
};

export const rejectAdjustment = async (ctx: OpsRequest<typeof opsAdjustmentsReject>) => {
  const { db, params, body } = ctx;
  return db.tx(async (q) => {
    const actor = actorOf(ctx);
    const row = await lockProposed(q, params.adjustmentId);
    await q.query(`UPDATE ops_adjustments SET status = 'rejected', decided_by = $2, decided_at = $3, decision_note = $4 WHERE id = $1`, [
      row.id,
      actor.operatorId,
      actor.at,
      body.note,
    ]);
    const after = toAdjustment((await readOne(q, row.id))!);
    await writeAudit(q, actor, { action: 'adjustment.rejected', targetType: 'adjustment', targetId: row.id, userId: row.user_id, reason: body.note, before: { status: 'proposed' }, after });
    return after;
  });
};
