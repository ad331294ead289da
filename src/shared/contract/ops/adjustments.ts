/**
 * Manual adjustments under four eyes (docs/ops.md "Manual adjustments"): an admin proposes a balanced posting with a
 * reason — a goodwill credit from the company's expense account, or a correction either way against the adjustments
 * account — and a DIFFERENT admin approves it; only then it posts, exactly once, even when two approvals race.
 */
import * as z from 'zod/mini';
import { Currency, defineEndpoint, Id, Money, PageQuery, page, PositiveMinorUnits, Timestamp } from '../core';
import { ActionReason } from './auth';

export const AdjustmentKind = z.enum(['goodwill', 'correction']);
export const AdjustmentStatus = z.enum(['proposed', 'posted', 'rejected']);

const OperatorRef = z.object({ id: Id, name: z.string() });

export const Adjustment = z.object({
  id: Id,
  user: z.object({ id: Id, name: z.string(), email: z.string() }),
  kind: AdjustmentKind,
  direction: z.enum(['credit', 'debit']),
  /** Positive; `direction` says which way for the user's wallet. */
  amount: Money,
  reason: z.string(),
  status: AdjustmentStatus,
  proposedBy: OperatorRef,
  proposedAt: Timestamp,
  decidedBy: z.nullable(OperatorRef),
  decidedAt: z.nullable(Timestamp),
  /** Why it was rejected. */
  decisionNote: z.nullable(z.string()),
  /** The ledger transaction, once posted. */
  transactionId: z.nullable(Id),
});
export type Adjustment = z.infer<typeof Adjustment>;

export const AdjustmentProposal = z
  .strictObject({
    userId: Id,
    kind: AdjustmentKind,
    direction: z.enum(['credit', 'debit']),
    currency: Currency,
    amount: PositiveMinorUnits.check(z.maximum(100_000_000_00)),
    reason: ActionReason,
  })
  .check(z.refine((p) => p.kind !== 'goodwill' || p.direction === 'credit', { message: 'A goodwill adjustment is a credit', path: ['direction'] }));
export type AdjustmentProposal = z.infer<typeof AdjustmentProposal>;

const AdjustmentParams = z.object({ adjustmentId: Id });

export const opsAdjustmentsList = defineEndpoint({
  id: 'ops.adjustments.list',
  method: 'GET',
  path: '/api/ops/adjustments',
  auth: 'operator',
  roles: ['admin'],
  tag: 'ops',
  summary: 'Adjustments, newest first; `status` filters (proposed ones wait for a second admin).',
  query: z.object({ ...PageQuery.shape, status: z.optional(AdjustmentStatus) }),
  response: page(Adjustment),
});

export const opsAdjustmentsPropose = defineEndpoint({
  id: 'ops.adjustments.propose',
  method: 'POST',
  path: '/api/ops/adjustments',
  auth: 'operator',
  roles: ['admin'],
  idempotent: true,
  tag: 'ops',
  summary: 'Propose an adjustment of a user’s wallet; nothing moves until another admin approves it.',
  body: AdjustmentProposal,
  response: Adjustment,
});

export const opsAdjustmentsApprove = defineEndpoint({
  id: 'ops.adjustments.approve',
  method: 'POST',
  path: '/api/ops/adjustments/{adjustmentId}/approve',
  auth: 'operator',
  roles: ['admin'],
  idempotent: true,
  tag: 'ops',
  summary: 'Approve another admin’s proposal: it posts now, once (FOUR_EYES_REQUIRED for your own; a second approval is refused).',
  params: AdjustmentParams,
  response: Adjustment,
});

export const opsAdjustmentsReject = defineEndpoint({
  id: 'ops.adjustments.reject',
  method: 'POST',
  path: '/api/ops/adjustments/{adjustmentId}/reject',
  auth: 'operator',
  roles: ['admin'],
  tag: 'ops',
  summary: 'Reject a proposal (its proposer may withdraw it this way too); nothing moves.',
  params: AdjustmentParams,
  body: z.strictObject({ note: ActionReason }),
  response: Adjustment,
});

export const opsAdjustmentsEndpoints = {
  'ops.adjustments.list': opsAdjustmentsList,
  'ops.adjustments.propose': opsAdjustmentsPropose,
  'ops.adjustments.approve': opsAdjustmentsApprove,
  'ops.adjustments.reject': opsAdjustmentsReject,
} as const;
