/**
 * The operator side's contract (`/api/ops/*`, docs/ops.md): the console's calls, each with `auth: 'operator'` and the
 * roles that may make it (sign-in calls: `auth: 'none'`). Imported by the server and the console only — never by the
 * Mini App (it is not re-exported from `@/shared/contract`), so the app's bundle carries none of it.
 */
import type { EndpointDef } from '../core';
import { opsAdjustmentsEndpoints } from './adjustments';
import { opsAuditEndpoints } from './audit';
import { opsAuthEndpoints } from './auth';
import { opsCustomersEndpoints } from './customers';
import { opsHeldEndpoints } from './held';
import { opsKycEndpoints } from './kyc';
import { opsOperatorsEndpoints } from './operators';
import { opsReconciliationEndpoints } from './reconciliation';
import { opsWithdrawalsEndpoints } from './withdrawals';

export * from './adjustments';
export * from './audit';
export * from './auth';
export * from './customers';
export * from './errors';
export * from './held';
export * from './kyc';
export * from './operators';
export * from './reconciliation';
export * from './withdrawals';

/** Every operator endpoint by id (ops-contract.test.ts checks every group is here and keys equal ids). */
export const opsEndpoints = {
  ...opsAuthEndpoints,
  ...opsCustomersEndpoints,
  ...opsKycEndpoints,
  ...opsHeldEndpoints,
  ...opsAdjustmentsEndpoints,
  ...opsAuditEndpoints,
  ...opsReconciliationEndpoints,
  ...opsWithdrawalsEndpoints,
  ...opsOperatorsEndpoints,
} as const satisfies Record<string, EndpointDef<any, any, any, any>>;

export type OpsEndpoints = typeof opsEndpoints;
export type OpsEndpointId = keyof OpsEndpoints;
export const opsEndpointList: ReadonlyArray<OpsEndpoints[OpsEndpointId]> = Object.values(opsEndpoints);
