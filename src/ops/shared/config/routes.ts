/**
 * The console's screens (under /ops/, the router's basename) and who may open each: the roles the contract gives the
 * call the screen is made of (its list), so the navigation offers a screen to exactly the operators the server's
 * route() lets call it.
 */
import type { OperatorRole } from '@/shared/contract/core';
import {
  opsAdjustmentsList,
  opsAuditSearch,
  opsHeldDeposits,
  opsKycQueue,
  opsOperatorsList,
  opsReconciliationList,
  opsUsersSearch,
  opsWithdrawalsAwaiting,
} from '@/shared/contract/ops';

export const CONSOLE_BASENAME = '/ops';

export const opsPaths = {
  signIn: '/sign-in',
  users: '/users',
  user: (userId: string) => `/users/${encodeURIComponent(userId)}`,
  kyc: '/kyc',
  held: '/held',
  withdrawals: '/withdrawals',
  adjustments: '/adjustments',
  audit: '/audit',
  reconciliation: '/reconciliation',
  operators: '/operators',
} as const;

export interface ConsoleSection {
  path: string;
  /** Key in `ops-common:nav`. */
  label: string;
  roles: readonly OperatorRole[];
}

/** A screen made of `call`: offered to the roles the contract gives it. */
const section = (path: string, label: string, call: { roles?: readonly OperatorRole[] }): ConsoleSection => ({ path, label, roles: call.roles ?? [] });

/** The navigation, in order; the first one an operator may open is their landing screen. */
export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  section(opsPaths.kyc, 'kyc', opsKycQueue),
  section(opsPaths.users, 'users', opsUsersSearch),
  section(opsPaths.held, 'held', opsHeldDeposits),
  section(opsPaths.withdrawals, 'withdrawals', opsWithdrawalsAwaiting),
  section(opsPaths.adjustments, 'adjustments', opsAdjustmentsList),
  section(opsPaths.reconciliation, 'reconciliation', opsReconciliationList),
  section(opsPaths.audit, 'audit', opsAuditSearch),
  section(opsPaths.operators, 'operators', opsOperatorsList),
];
