/**
 * The audit log's writer and search (docs/ops.md "Audit log"): one row per operator action and per view of a user's
 * data, in the same transaction as the action (an action that rolls back leaves no row; a row is never changed or
 * removed: the table refuses UPDATE, DELETE and TRUNCATE).
 */
import type { AuditEntry, opsAuditSearch } from '@/shared/contract/ops';
import type { Queryable } from '../../db/db';
import { decodeCursor, encodeCursor } from './cursor';
import type { OpsRequest } from './shared';

export interface AuditRecord {
  /** `user.viewed`, `kyc.approved`, `adjustment.posted`, ... (docs/ops.md lists them). */
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  /** The user it concerned. */
  userId?: string | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Who acted, where from, when. */
export interface Actor {
  operatorId: string | null;
  ip: string | null;
  requestId: string | null;
  at: Date;
}

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

export const writeAudit = async (q: Queryable, actor: Actor, record: AuditRecord): Promise<void> => {
  await q.query(
    `INSERT INTO ops_audit_log (at, operator_id, action, target_type, target_id, user_id, reason, before, after, ip, request_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10, $11)`,
    [
      actor.at,
      actor.operatorId,
      record.action,
      record.targetType ?? null,
      record.targetId ?? null,
      record.userId ?? null,
      record.reason ?? null,
      json(record.before),
      json(record.after),
      actor.ip,
      actor.requestId,
    ],
  );
};

/** The operator of a request as the audit log records them. */
export const actorOf = (ctx: Pick<OpsRequest<never>, 'operator' | 'ip' | 'request' | 'clock'>): Actor => ({
  operatorId: ctx.operator.operatorId,
  ip: ctx.ip,
  requestId: String(ctx.request.id),
  at: ctx.clock.now(),
});

interface AuditRow extends Record<string, unknown> {
  id: number;
  at: Date;
  operator_id: string | null;
  operator_name: string | null;
  operator_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  user_id: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  request_id: string | null;
}

/** ops.audit.search: newest first, keyset over the id; filters by operator, user, action (or prefix `x.`) and period. */
export const searchAudit = async ({ db, query, operator, ip, request, clock }: OpsRequest<typeof opsAuditSearch>) => {
  const limit = query.limit ?? 50;
  const before = query.cursor === undefined ? null : decodeCursor(query.cursor, (v) => (/^\d{1,18}$/.test(v) ? v : null));
  const action = query.action ?? null;
  const prefix = action?.endsWith('.') ? `${action.replace(/[\\%_]/g, '\\$&')}%` : null;
  const rows = await db.query<AuditRow>(
    `SELECT a.id, a.at, a.operator_id, o.name AS operator_name, o.email AS operator_email, a.action, a.target_type,
       a.target_id, a.user_id, a.reason, a.before, a.after, a.ip, a.request_id
     FROM ops_audit_log a LEFT JOIN operators o ON o.id = a.operator_id
     WHERE ($1::bigint IS NULL OR a.id < $1::bigint)
       AND ($2::text IS NULL OR a.operator_id = $2)
       AND ($3::text IS NULL OR a.user_id = $3)
       AND (($4::text IS NULL AND $5::text IS NULL) OR a.action = $4 OR a.action LIKE $5)
       AND ($6::timestamptz IS NULL OR a.at >= $6)
       AND ($7::timestamptz IS NULL OR a.at < $7)
     ORDER BY a.id DESC LIMIT $8`,
    [before, query.operatorId ?? null, query.userId ?? null, prefix ? null : action, prefix, query.from ?? null, query.to ?? null, limit + 1],
  );
  // Searching the log is itself an action on the log.
  await writeAudit(db, actorOf({ operator, ip, request, clock }), {
    action: 'audit.searched',
    userId: query.userId ?? null,
    after: { operatorId: query.operatorId ?? null, userId: query.userId ?? null, action, from: query.from ?? null, to: query.to ?? null },
  });
  const page = rows.slice(0, limit);
  return {
    items: page.map(
      (row): AuditEntry => ({
        id: String(row.id),
        at: row.at.toISOString(),
        operator: row.operator_id ? { id: row.operator_id, name: row.operator_name ?? '', email: row.operator_email ?? '' } : null,
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        userId: row.user_id,
        reason: row.reason,
        before: row.before ?? null,
        after: row.after ?? null,
        ip: row.ip,
        requestId: row.request_id,
      }),
    ),
    nextCursor: rows.length > limit ? encodeCursor(String(page[page.length - 1]!.id)) : null,
  };
};
