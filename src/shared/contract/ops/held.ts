/**
 * Held money (docs/ops.md "Held money"): USDT transfers the deposit watcher could not credit (no or unknown tag, wrong
 * decimals, below the minimum, a re-reported hash, over the review threshold: every reason it parks with), with their
 * chain data; compliance credits one to a user (once, through the ledger) or marks it to be returned. SBP payments
 * stuck in a non-final state are listed beside them.
 */
import * as z from 'zod/mini';
import { DecimalString, defineEndpoint, Id, Money, PageQuery, page, Timestamp } from '../core';
import { USDT_HOLD_REASONS } from '../wallet';
import { ActionReason } from './auth';

/** TRON addresses: base58, 34 characters starting with T. */
export const TronAddress = z.string().check(z.regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/));

export const HeldDeposit = z.object({
  id: Id,
  network: z.literal('TRON'),
  txHash: z.string(),
  from: z.nullable(z.string()),
  /** The deposit address it reached. */
  to: z.string(),
  /** Exact on-chain amount, 6 decimals. */
  amount: DecimalString,
  /** What crediting it gives (rounded down to the cent). */
  credits: Money,
  /** Why it was parked; a reason another version added is passed through as it is. */
  reason: z.string(),
  knownReason: z.boolean(),
  candidate: z.nullable(z.object({ id: Id, name: z.string(), email: z.string(), attribution: z.enum(['tag', 'sender']) })),
  receivedAt: Timestamp,
  resolution: z.nullable(
    z.object({
      kind: z.enum(['credited', 'toReturn']),
      userId: z.nullable(Id),
      transactionId: z.nullable(Id),
      returnAddress: z.nullable(z.string()),
      operator: z.nullable(z.object({ id: Id, name: z.string() })),
      note: z.string(),
      at: Timestamp,
    }),
  ),
});
export type HeldDeposit = z.infer<typeof HeldDeposit>;

export const StuckSbpPayment = z.object({
  id: Id,
  orderId: z.string(),
  invoiceId: z.nullable(z.string()),
  user: z.object({ id: Id, name: z.string(), email: z.string() }),
  amount: Money,
  status: z.string(),
  /** `noInvoice`: the acquirer never answered the creation; `noCallback`: paid or not, no outcome arrived past expiry. */
  stuck: z.enum(['noInvoice', 'noCallback']),
  callbacks: z.int(),
  createdAt: Timestamp,
  expiresAt: Timestamp,
});
export type StuckSbpPayment = z.infer<typeof StuckSbpPayment>;

const DepositParams = z.object({ depositId: Id });

export const opsHeldDeposits = defineEndpoint({
  id: 'ops.held.deposits',
  method: 'GET',
  path: '/api/ops/held/deposits',
  auth: 'operator',
  roles: ['compliance'],
  tag: 'ops',
  summary: 'Parked USDT transfers, newest first: open ones (default), resolved ones, or all.',
  query: z.object({ ...PageQuery.shape, state: z.optional(z.enum(['open', 'resolved', 'all'])) }),
  response: page(HeldDeposit),
});

export const opsHeldAttribute = defineEndpoint({
  id: 'ops.held.attribute',
  method: 'POST',
  path: '/api/ops/held/deposits/{depositId}/attribute',
  auth: 'operator',
  roles: ['compliance'],
  idempotent: true,
  tag: 'ops',
  summary: "Credit a parked transfer to a user's USD wallet, once (ledger key per transfer); the user is told.",
  params: DepositParams,
  body: z.strictObject({ userId: Id, note: ActionReason }),
  response: HeldDeposit,
});

export const opsHeldReturn = defineEndpoint({
  id: 'ops.held.markReturn',
  method: 'POST',
  path: '/api/ops/held/deposits/{depositId}/return',
  auth: 'operator',
  roles: ['compliance'],
  tag: 'ops',
  summary: 'Mark a parked transfer to be returned (to its sender, or to the address given); nothing is credited.',
  params: DepositParams,
  body: z.strictObject({ note: ActionReason, returnAddress: z.nullable(TronAddress) }),
  response: HeldDeposit,
});

export const opsHeldSbp = defineEndpoint({
  id: 'ops.held.sbp',
  method: 'GET',
  path: '/api/ops/held/sbp',
  auth: 'operator',
  roles: ['compliance'],
  tag: 'ops',
  summary: 'SBP payments stuck in a non-final state (no invoice from the acquirer, or no outcome past the expiry and its grace), oldest first.',
  query: PageQuery,
  response: page(StuckSbpPayment),
});

/** The reasons this version knows (the console words them; an unknown one is shown as its code). */
export const KNOWN_HOLD_REASONS = USDT_HOLD_REASONS;

export const opsHeldEndpoints = {
  'ops.held.deposits': opsHeldDeposits,
  'ops.held.attribute': opsHeldAttribute,
  'ops.held.markReturn': opsHeldReturn,
  'ops.held.sbp': opsHeldSbp,
} as const;
