/** Operators and roles (docs/ops.md "Operators and roles"): admins list, add and change operators; all audited. */
import type { opsOperatorsCreate, opsOperatorsList, opsOperatorsUpdate } from '@/shared/contract/ops';
import { actorOf, writeAudit } from '../audit';
import { opsError } from '../errors';
import type { OpsRequest } from '../shared';
import { findOperator, insertOperator, listOperators, toOperator } from './store';

export const listAllOperators = async ({ db }: OpsRequest<typeof opsOperatorsList>) => ({ items: (await listOperators(db)).map(toOperator) });

export const addOperator = async (ctx: OpsRequest<typeof opsOperatorsCreate>) => {
  const { db, clock, body, operator } = ctx;
  return db.tx(async (q) => {
    const row = await insertOperator(q, { email: body.email, name: body.name, roles: body.roles, createdBy: operator.operatorId, now: clock.now() });
    const created = toOperator(row);
    await writeAudit(q, actorOf(ctx), { action: 'operator.created', targetType: 'operator', targetId: row.id, after: created });
    return created;
  });
};

export const changeOperator = async (ctx: OpsRequest<typeof opsOperatorsUpdate>) => {
  const { db, clock, sessions, body, params, operator } = ctx;
  return db.tx(async (q) => {
    const row = await findOperator(q, params.operatorId, true);
    if (!row) throw opsError('OPERATOR_NOT_FOUND', 'No such operator.');
    const self = row.id === operator.operatorId;
    // Nobody locks themselves out or swaps their own authenticator with a session alone: another admin does it.
    if (self && (body.disabled === true || body.resetSecondFactor === true || (body.roles && !body.roles.includes('admin')))) {
      throw opsError('OPERATOR_SELF_CHANGE', 'You cannot take away your own admin role, disable yourself or reset your own authenticator: ask another admin.');
    }
    const before = toOperator(row);
    const now = clock.now();
    const disabledAt = body.disabled === undefined ? row.disabled_at : body.disabled ? (row.disabled_at ?? now) : null;
    const reset = body.resetSecondFactor === true;
    await q.query(
      `UPDATE operators SET roles = $2::jsonb, disabled_at = $3, updated_at = $4,
         totp_secret = CASE WHEN $5 THEN NULL ELSE totp_secret END,
         totp_enrolled_at = CASE WHEN $5 THEN NULL ELSE totp_enrolled_at END,
         totp_last_step = CASE WHEN $5 THEN NULL ELSE totp_last_step END
       WHERE id = $1`,
      [row.id, JSON.stringify(body.roles ?? row.roles), disabledAt, now, reset],
    );
    // A disabled operator, or one whose authenticator was reset, is signed out everywhere at once.
    if (disabledAt && !row.disabled_at) await sessions.endAll(q, row.id, 'disabled');
    if (reset) await sessions.endAll(q, row.id, 'second_factor_reset');
    const after = toOperator((await findOperator(q, row.id))!);
    await writeAudit(q, actorOf(ctx), { action: 'operator.changed', targetType: 'operator', targetId: row.id, reason: body.reason, before, after });
    return after;
  });
};
