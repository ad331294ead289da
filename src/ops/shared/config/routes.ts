/**
 * The console's screens (under /ops/, the router's basename) and who may open each: the roles of the calls the screen
 * makes (the server refuses the others with 403 anyway; the console does not offer them).
 */
import type { OperatorRole } from '@/shared/contract/core';

export const CONSOLE_BASENAME = '/ops';

export const opsPaths = {
  signIn: '/sign-in',
  users: '/users',
  user: (userId: string) => `/users/${encodeURIComponent(userId)}`,
  kyc: '/kyc',
  held: '/held',
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

/** The navigation, in order; the first one an operator may open is their landing screen. */
export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { path: opsPaths.kyc, label: 'kyc', roles: ['compliance'] },
  { path: opsPaths.users, label: 'users', roles: ['support', 'compliance', 'admin'] },
  { path: opsPaths.held, label: 'held', roles: ['compliance'] },
  { path: opsPaths.adjustments, label: 'adjustments', roles: ['admin'] },
  { path: opsPaths.reconciliation, label: 'reconciliation', roles: ['admin', 'compliance'] },
  { path: opsPaths.audit, label: 'audit', roles: ['admin', 'compliance'] },
  { path: opsPaths.operators, label: 'operators', roles: ['admin'] },
];
