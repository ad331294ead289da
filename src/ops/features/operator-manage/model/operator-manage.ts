/** Operators and roles (admin): add an operator; change roles, disable or enable, reset the second factor. */
import { opsOperatorsCreate, opsOperatorsUpdate, type Operator } from '@/shared/contract/ops';
import { createConsoleAction } from '@/ops/shared/api';

export const addOperator = createConsoleAction(opsOperatorsCreate, {
  name: 'ops.operators.create',
  successKey: 'ops-admin:operators.added',
  errorKey: 'ops-admin:operators.failed',
});

export type OperatorChange = 'roles' | 'disable' | 'enable' | 'reset';
export const changeOperator = createConsoleAction<typeof opsOperatorsUpdate, { operator: Operator; change: OperatorChange }>(opsOperatorsUpdate, {
  name: 'ops.operators.update',
  successKey: 'ops-admin:operators.changed',
  errorKey: 'ops-admin:operators.failed',
});
