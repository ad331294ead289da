/** Operators and roles (docs/ops.md "Operators and roles"): admins list, add, change and disable operators. */
import * as z from 'zod/mini';
import { Email } from '../auth';
import { defineEndpoint, Id } from '../core';
import { PersonName } from '../person-name';
import { ActionReason, Operator, OperatorRoles } from './auth';

const OperatorParams = z.object({ operatorId: Id });

export const opsOperatorsList = defineEndpoint({
  id: 'ops.operators.list',
  method: 'GET',
  path: '/api/ops/operators',
  auth: 'operator',
  roles: ['admin'],
  tag: 'ops',
  summary: 'Every operator, enabled first.',
  response: z.object({ items: z.array(Operator) }),
});

export const opsOperatorsCreate = defineEndpoint({
  id: 'ops.operators.create',
  method: 'POST',
  path: '/api/ops/operators',
  auth: 'operator',
  roles: ['admin'],
  tag: 'ops',
  summary: 'Add an operator; they sign in with an email code and set up their authenticator at the first sign-in.',
  body: z.strictObject({ email: Email, name: PersonName, roles: OperatorRoles }),
  response: Operator,
});

export const opsOperatorsUpdate = defineEndpoint({
  id: 'ops.operators.update',
  method: 'PATCH',
  path: '/api/ops/operators/{operatorId}',
  auth: 'operator',
  roles: ['admin'],
  tag: 'ops',
  summary:
    'Change roles, disable / enable (a disabled operator’s sessions end at once), or reset the second factor (set up ' +
    'again at the next sign-in). An admin cannot take away their own admin role or disable themselves.',
  params: OperatorParams,
  body: z
    .strictObject({
      roles: z.optional(OperatorRoles),
      disabled: z.optional(z.boolean()),
      resetSecondFactor: z.optional(z.literal(true)),
      reason: ActionReason,
    })
    .check(
      z.refine((b) => b.roles !== undefined || b.disabled !== undefined || b.resetSecondFactor !== undefined, {
        message: 'Nothing to change',
      }),
    ),
  response: Operator,
});

export const opsOperatorsEndpoints = {
  'ops.operators.list': opsOperatorsList,
  'ops.operators.create': opsOperatorsCreate,
  'ops.operators.update': opsOperatorsUpdate,
} as const;
