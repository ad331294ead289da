/** Referral programme (SPEC §2 /referral, §3 referral statuses, §7 /api/promo/*). docs/api.md "Promo". */
import * as z from 'zod/mini';
import { PromoCode } from './auth';
import { defineEndpoint, Id, Money, PageQuery, page, Timestamp } from './core';

export const MyPromoCode = z.object({
  /** The user's own code; the client builds the share link from config.app (docs/api.md). */
  code: PromoCode,
  /** Paid to the referrer when a referral issues their first card. */
  bonusPerReferral: Money,
  referralsCount: z.int(),
  /** Referrals with status Active. */
  activeCount: z.int(),
  totalEarned: Money,
});
export type MyPromoCode = z.infer<typeof MyPromoCode>;

/** SPEC §3, exactly: Active = received the card issue bonus, Registered = signed up, no card yet. */
export const ReferralStatus = z.enum(['Active', 'Registered']);
export type ReferralStatus = z.infer<typeof ReferralStatus>;

export const Referral = z.object({
  id: Id,
  /** First name and the initial of the last name ("Ivan P."): never the full name of another user. */
  name: z.string(),
  status: ReferralStatus,
  registeredAt: Timestamp,
  /** The bonus this referral earned the user; null while Registered. */
  bonus: z.nullable(Money),
});
export type Referral = z.infer<typeof Referral>;

export const promoMyCode = defineEndpoint({
  id: 'promo.myCode',
  method: 'GET',
  path: '/api/promo/my-code',
  auth: 'bearer',
  tag: 'promo',
  summary: "The user's promo code and referral totals.",
  response: MyPromoCode,
});

export const promoMyReferrals = defineEndpoint({
  id: 'promo.myReferrals',
  method: 'GET',
  path: '/api/promo/my-referrals',
  auth: 'bearer',
  tag: 'promo',
  summary: 'People who signed up with the code, newest first. SPEC §7 sends no query; cursor/limit are optional.',
  query: PageQuery,
  response: page(Referral),
});

/** The invitation as a message the bot prepared for the user to send (Telegram's shareMessage, Bot API 8.0). */
export const PromoShareMessage = z.object({
  /** For Telegram's shareMessage (web_app_send_prepared_message { id }). */
  preparedMessageId: z.string().check(z.minLength(1), z.maxLength(256)),
  /** Telegram keeps it until then (null: not said). */
  expiresAt: z.nullable(Timestamp),
});
export type PromoShareMessage = z.infer<typeof PromoShareMessage>;

export const promoShareMessage = defineEndpoint({
  id: 'promo.shareMessage',
  method: 'POST',
  path: '/api/promo/share-message',
  auth: 'bearer',
  tag: 'promo',
  summary:
    "The invitation prepared by the bot for the user's linked Telegram account (savePreparedInlineMessage): the text in the given language and a button that opens the app with the promo code.",
  body: z.strictObject({ language: z.enum(['en', 'ru']) }),
  response: PromoShareMessage,
});

/** The promo endpoints by id: index.ts composes every domain's group into `endpoints` (contract.test.ts checks keys = ids). */
export const promoEndpoints = {
  'promo.myCode': promoMyCode,
  'promo.myReferrals': promoMyReferrals,
  'promo.shareMessage': promoShareMessage,
} as const;
