/**
 * The audit log (docs/ops.md "Audit log"): every operator action (who, when, what, before and after, reason) and every
 * view of a user's data, append-only, searchable here.
 */
import * as z from 'zod/mini';
import { defineEndpoint, Id, PageQuery, page, Text, Timestamp } from '../core';

export const AuditEntry = z.object({
  id: Id,
  at: Timestamp,
  /** null: the system or a sign-in attempt without an operator (the email is in `after`). */
  operator: z.nullable(z.object({ id: Id, name: z.string(), email: z.string() })),
  /** `user.viewed`, `kyc.approved`, `adjustment.posted`, ... (docs/ops.md lists them). */
  action: z.string(),
  /** What it was about: `user`, `card`, `heldDeposit`, `adjustment`, `operator`, `reconciliation`, `session`. */
  targetType: z.nullable(z.string()),
  targetId: z.nullable(z.string()),
  /** The user the action concerned, for searching a user's whole trail. */
  userId: z.nullable(Id),
  reason: z.nullable(z.string()),
  before: z.nullable(z.unknown()),
  after: z.nullable(z.unknown()),
  ip: z.nullable(z.string()),
  requestId: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = z.object({
  ...PageQuery.shape,
  operatorId: z.optional(Id),
  userId: z.optional(Id),
  /** An action, or a prefix ending in `.` (`kyc.`). */
  action: z.optional(Text.check(z.maxLength(64))),
  from: z.optional(z.iso.datetime()),
  to: z.optional(z.iso.datetime()),
});

export const opsAuditSearch = defineEndpoint({
  id: 'ops.audit.search',
  method: 'GET',
  path: '/api/ops/audit',
  auth: 'operator',
  roles: ['admin', 'compliance'],
  tag: 'ops',
  summary: 'Search the audit log, newest first: by operator, user, action (or prefix) and period.',
  query: AuditQuery,
  response: page(AuditEntry),
});

export const opsAuditEndpoints = { 'ops.audit.search': opsAuditSearch } as const;
