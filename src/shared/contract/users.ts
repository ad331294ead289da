import * as z from 'zod/mini';
import { Country, Email, PromoCode } from './auth';
import { defineEndpoint, Id, Timestamp } from './core';

/** SPEC §1: account states. 'under_verification' limits some features; 'verification_failed' → contact support. */
export const VerificationStatus = z.enum(['verified', 'under_verification', 'verification_failed']);
export type VerificationStatus = z.infer<typeof VerificationStatus>;

/** The Telegram account linked to this user (bound from verified init data), or null. */
export const TelegramLink = z.object({
  /** Telegram user id as a string (Telegram ids exceed 32 bits). */
  id: z.string().check(z.regex(/^\d{1,20}$/)),
  username: z.optional(z.string()),
  firstName: z.string(),
  photoUrl: z.optional(z.string()),
});
export type TelegramLink = z.infer<typeof TelegramLink>;

/**
 * Why an operator froze an account (docs/ops.md "Freezing an account"): the user is told this, in their language.
 * While frozen no money leaves the account (403 ACCOUNT_FROZEN on every guarded call); money still comes in.
 */
export const FREEZE_REASONS = ['suspicious_activity', 'compliance_review', 'user_request', 'legal_order'] as const;
export const FreezeReason = z.enum(FREEZE_REASONS);
export type FreezeReason = z.infer<typeof FreezeReason>;
export const AccountFreeze = z.object({ reason: FreezeReason, since: Timestamp });
export type AccountFreeze = z.infer<typeof AccountFreeze>;

/** What compliance may ask a user under verification for (docs/ops.md "Verification"): the user sends it to support. */
export const INFO_REQUEST_ITEMS = ['identity_document', 'proof_of_address', 'source_of_funds', 'selfie'] as const;
export const InfoRequestItem = z.enum(INFO_REQUEST_ITEMS);
export type InfoRequestItem = z.infer<typeof InfoRequestItem>;
export const VerificationRequest = z.object({ items: z.array(InfoRequestItem), at: Timestamp });
export type VerificationRequest = z.infer<typeof VerificationRequest>;

export const UserProfile = z.object({
  id: Id,
  firstName: z.string(),
  lastName: z.string(),
  /** Display name: "firstName lastName". */
  name: z.string(),
  email: Email,
  phoneNumber: z.string(),
  country: Country,
  verificationStatus: VerificationStatus,
  telegram: z.nullable(TelegramLink),
  /** The user's own referral promo code (uppercase A-Z0-9). */
  promoCode: PromoCode,
  /** Frozen by an operator (no money leaves), with the reason the user is told; null when not frozen. */
  frozen: z.nullable(AccountFreeze),
  /** Under verification and asked for more (what to send support); null otherwise. */
  verificationRequest: z.nullable(VerificationRequest),
  createdAt: Timestamp,
});
export type UserProfile = z.infer<typeof UserProfile>;

export const usersMe = defineEndpoint({
  id: 'users.me',
  method: 'GET',
  path: '/api/users/me',
  auth: 'bearer',
  tag: 'users',
  summary: 'The signed-in user: profile, verification state, linked Telegram account and own promo code.',
  response: UserProfile,
});

/** The users endpoints by id: index.ts composes every domain's group into `endpoints` (contract.test.ts checks keys = ids). */
export const usersEndpoints = {
  'users.me': usersMe,
} as const;
