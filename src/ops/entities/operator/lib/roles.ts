import type { OperatorRole } from '@/shared/contract/core';
import type { Operator } from '@/shared/contract/ops';

/** Whether the operator holds any of `roles` (the server checks the same per endpoint; the console hides the rest). */
export const hasRole = (operator: Pick<Operator, 'roles'> | null, ...roles: OperatorRole[]): boolean =>
  operator !== null && operator.roles.some((role) => roles.includes(role));
