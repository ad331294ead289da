/**
 * Reconciliation (docs/ops.md "Reconciliation"): a daily report of the ledger against the outside world — the deposit
 * address's USDT on chain (TRON adapter), the cards' balances at the issuer, the SBP acquirer's settled total.
 * A difference is flagged here and exported as a metric (`reconciliation_difference`).
 */
import * as z from 'zod/mini';
import { defineEndpoint, Id, PageQuery, page, Timestamp } from '../core';

export const ReconciliationCheck = z.object({
  /** `usdt`, `cards.USD`, `cards.RUB`, `sbp`. */
  check: z.string(),
  /** The unit both sides are counted in: `micro-USDT`, `USD`, `RUB` (minor units). */
  unit: z.string(),
  /** What our books say the outside world holds. */
  ours: z.int(),
  /** What the outside world says; null when it could not be asked. */
  theirs: z.nullable(z.int()),
  /** theirs − ours; null when it could not be asked. */
  difference: z.nullable(z.int()),
  status: z.enum(['ok', 'mismatch', 'unavailable']),
  /** Why unavailable (no adapter, the call failed). */
  note: z.nullable(z.string()),
});
export type ReconciliationCheck = z.infer<typeof ReconciliationCheck>;

export const ReconciliationReport = z.object({
  id: Id,
  /** The UTC day it is for (YYYY-MM-DD). */
  day: z.string(),
  ranAt: Timestamp,
  status: z.enum(['ok', 'mismatch', 'unavailable']),
  checks: z.array(ReconciliationCheck),
  /** The ledger's own audit (balanced transactions, no negative accounts, balances equal their entries). */
  ledgerOk: z.boolean(),
});
export type ReconciliationReport = z.infer<typeof ReconciliationReport>;

export const opsReconciliationList = defineEndpoint({
  id: 'ops.reconciliation.list',
  method: 'GET',
  path: '/api/ops/reconciliation',
  auth: 'operator',
  roles: ['admin', 'compliance'],
  tag: 'ops',
  summary: 'Reconciliation reports, newest first.',
  query: PageQuery,
  response: page(ReconciliationReport),
});

export const opsReconciliationRun = defineEndpoint({
  id: 'ops.reconciliation.run',
  method: 'POST',
  path: '/api/ops/reconciliation/run',
  auth: 'operator',
  roles: ['admin'],
  tag: 'ops',
  summary: 'Run the reconciliation now (the daily job runs it by itself); answers the new report.',
  body: z.strictObject({}),
  response: ReconciliationReport,
});

export const opsReconciliationEndpoints = {
  'ops.reconciliation.list': opsReconciliationList,
  'ops.reconciliation.run': opsReconciliationRun,
} as const;
