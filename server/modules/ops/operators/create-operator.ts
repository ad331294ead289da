/**
 * The first admin (and any operator) from a shell: `npm run ops -- create-operator --email … --role admin`
 * (server/cli/ops.ts). Never an open endpoint: whoever runs it holds the database. Audited like the console's own.
 */
import type { OperatorRole } from '@/shared/contract/core';
import type { Operator } from '@/shared/contract/ops';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/db';
import { writeAudit } from '../audit';
import { insertOperator, toOperator } from './store';

export const createOperator = async (
  db: Db,
  clock: Clock,
  input: { email: string; name: string; roles: readonly OperatorRole[] },
): Promise<Operator> =>
  db.tx(async (q) => {
    const row = await insertOperator(q, { ...input, createdBy: null, now: clock.now() });
    const created = toOperator(row);
    await writeAudit(q, { operatorId: null, ip: null, requestId: null, at: clock.now() }, {
      action: 'operator.created',
      targetType: 'operator',
      targetId: row.id,
      reason: 'command-line tool',
      after: created,
    });
    return created;
  });
