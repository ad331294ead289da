/**
 * The verification (KYC) review queue (docs/ops.md "Verification"): users under verification with what they gave at
 * sign-up and the KYC provider's result where one is connected; compliance approves, rejects with a reason (the user
 * sees SPEC §8's sentence, support sees the reason) or asks for more. The user is told by the bot, and the app
 * follows without a reload.
 */
import * as z from 'zod/mini';
import { defineEndpoint, Id, PageQuery, page, Timestamp } from '../core';
import { InfoRequestItem, VerificationRequest, VerificationStatus } from '../users';
import { ActionReason } from './auth';
import { KycCheck, UserSummary } from './customers';

export const ReviewItem = z.object({
  user: UserSummary,
  /** The registration form as given (names, phone, country, email) and the Telegram link. */
  registration: z.object({
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string(),
    country: z.string(),
    email: z.string(),
    telegramUsername: z.nullable(z.string()),
  }),
  kyc: z.nullable(KycCheck),
  request: z.nullable(VerificationRequest),
  /** Since when the user waits (sign-up, or the last request for more). */
  waitingSince: Timestamp,
});
export type ReviewItem = z.infer<typeof ReviewItem>;

export const KycDecision = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('approve'), reason: ActionReason }),
  z.strictObject({ decision: z.literal('reject'), reason: ActionReason }),
  z.strictObject({
    decision: z.literal('requestInfo'),
    reason: ActionReason,
    items: z.array(InfoRequestItem).check(
      z.minLength(1),
      z.refine((items) => new Set(items).size === items.length, 'Each item once'),
    ),
  }),
]);
export type KycDecision = z.infer<typeof KycDecision>;

export const opsKycQueue = defineEndpoint({
  id: 'ops.kyc.queue',
  method: 'GET',
  path: '/api/ops/kyc/queue',
  auth: 'operator',
  roles: ['compliance'],
  tag: 'ops',
  summary: 'Users under verification, longest waiting first, with their registration data and the provider’s result.',
  query: PageQuery,
  response: page(ReviewItem),
});

export const opsKycDecide = defineEndpoint({
  id: 'ops.kyc.decide',
  method: 'POST',
  path: '/api/ops/kyc/{userId}/decision',
  auth: 'operator',
  roles: ['compliance'],
  tag: 'ops',
  summary: 'Approve, reject (with a reason support sees) or ask for more; the user is told by the bot.',
  params: z.object({ userId: Id }),
  body: KycDecision,
  response: z.object({ userId: Id, status: VerificationStatus, request: z.nullable(VerificationRequest) }),
});

export const opsKycEndpoints = {
  'ops.kyc.queue': opsKycQueue,
  'ops.kyc.decide': opsKycDecide,
} as const;
