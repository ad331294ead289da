/** Operator rows (table `operators`, migration 0400): read, create, change. */
import { randomBytes } from 'node:crypto';
import type { OperatorRole } from '@/shared/contract/core';
import type { Operator } from '@/shared/contract/ops';
import { pgErrorCode, UNIQUE_VIOLATION, type Queryable } from '../../../db/db';
import { opsError } from '../errors';

export interface OperatorRow extends Record<string, unknown> {
  id: string;
  email: string;
  name: string;
  roles: OperatorRole[];
  totp_secret: string | null;
  totp_enrolled_at: Date | null;
  totp_last_step: number | null;
  disabled_at: Date | null;
  created_at: Date;
}

const OPERATOR_COLUMNS = 'id, email, name, roles, totp_secret, totp_enrolled_at, totp_last_step, disabled_at, created_at';

const newOperatorId = (): string => `opr_${randomBytes(12).toString('base64url')}`;

/** What the console sees of an operator (never the secret). */
export const toOperator = (row: OperatorRow): Operator => ({
  id: row.id,
  email: row.email,
  name: row.name,
  roles: row.roles,
  secondFactorEnrolled: row.totp_enrolled_at !== null,
  disabled: row.disabled_at !== null,
  createdAt: row.created_at.toISOString(),
});

export const findOperator = async (q: Queryable, id: string, lock = false): Promise<OperatorRow | null> => {
  const [row] = await q.query<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operators WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return row ?? null;
};

export const findOperatorByEmail = async (q: Queryable, email: string): Promise<OperatorRow | null> => {
  const [row] = await q.query<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operators WHERE email = $1`, [email.toLowerCase()]);
  return row ?? null;
};

export const listOperators = (q: Queryable): Promise<OperatorRow[]> =>
  q.query<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operators ORDER BY disabled_at IS NOT NULL, created_at, id`);

export interface NewOperator {
  email: string;
  name: string;
  roles: readonly OperatorRole[];
  /** The admin who added them; null for the command-line tool. */
  createdBy: string | null;
  now: Date;
}

/** Adds an operator; an email already in use → 409 OPERATOR_EXISTS (the unique index settles a race alike). */
export const insertOperator = async (q: Queryable, operator: NewOperator): Promise<OperatorRow> => {
  try {
    const [row] = await q.query<OperatorRow>(
      `INSERT INTO operators (id, email, name, roles, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $6)
       RETURNING ${OPERATOR_COLUMNS}`,
      [newOperatorId(), operator.email.toLowerCase(), operator.name, JSON.stringify([...new Set(operator.roles)]), operator.createdBy, operator.now],
    );
    return row!;
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw opsError('OPERATOR_EXISTS', 'An operator with this email exists.');
    throw error;
  }
};
