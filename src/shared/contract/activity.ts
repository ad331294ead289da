/**
 * The activity centre (issue #35 "Notifications anyone can see"): the events the bot tells a linked Telegram chat
 * about, listed in the app for every user (with a Telegram account linked or not, whatever the bot's switches say),
 * with an unread count. docs/api.md "Activity".
 */
import * as z from 'zod/mini';
import { defineEndpoint, Money, PageQuery, Timestamp, page } from './core';
import { TRADE_DECLINE_REASONS } from './errors';
import { FreezeReason, InfoRequestItem } from './users';

const last4 = z.nullable(z.string().check(z.regex(/^\d{4}$/)));
const merchant = z.string().check(z.maxLength(200));

/**
 * What operators decided about the account (docs/ops.md): verified, verification failed, more asked for, frozen,
 * unfrozen. A service notice (kind `accountStatus`): not one of notifications.ts's switchable kinds, the bot sends it
 * whatever the switches say.
 */
export const ACCOUNT_STATUS_CHANGES = ['verified', 'verificationFailed', 'infoRequested', 'frozen', 'unfrozen'] as const;
export type AccountStatusChange = (typeof ACCOUNT_STATUS_CHANGES)[number];

/** What each kind of event carries for its sentence (the kinds of notifications.ts, and the service notices). */
const EVENT_SHAPES = {
  topUpCredited: { amount: Money, method: z.enum(['usdt', 'sbp']) },
  paymentFailed: { amount: Money, paymentId: z.string() },
  cardReady: { last4 },
  cardBlocked: { last4 },
  purchaseApproved: { amount: Money, merchant, last4 },
  purchaseDeclined: { amount: Money, merchant, last4, reason: z.enum(TRADE_DECLINE_REASONS) },
  newSignIn: { at: Timestamp },
  /** `from`: the sender's registered name, masked (transfers.ts); `note`: what they wrote. */
  transferReceived: { amount: Money, from: z.string().check(z.maxLength(200)), note: z.nullable(z.string().check(z.maxLength(200))) },
  /** `by`: the payer's registered name, masked. */
  requestPaid: { amount: Money, by: z.string().check(z.maxLength(200)) },
  withdrawalCompleted: { amount: Money, method: z.enum(['usdt', 'sbp']) },
  withdrawalFailed: { amount: Money, method: z.enum(['usdt', 'sbp']) },
  /** `items`: what was asked for (infoRequested); `freezeReason`: why (frozen). */
  accountStatus: { status: z.enum(ACCOUNT_STATUS_CHANGES), items: z.optional(z.array(InfoRequestItem)), freezeReason: z.optional(FreezeReason) },
} as const;
/** An entry of the list: when it was recorded and whether the user has seen it. */
const ENTRY_SHAPE = { id: z.string(), createdAt: Timestamp, read: z.boolean() };

/**
 * What happened, with what its text needs: one shape per kind. Plain objects only (no z.intersection / z.extend):
 * zod's core module is part of the wallet screen's chunk, and those add their code to it (bundle budget).
 */
export const ActivityEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('topUpCredited'), ...EVENT_SHAPES.topUpCredited }),
  z.object({ kind: z.literal('paymentFailed'), ...EVENT_SHAPES.paymentFailed }),
  z.object({ kind: z.literal('cardReady'), ...EVENT_SHAPES.cardReady }),
  z.object({ kind: z.literal('cardBlocked'), ...EVENT_SHAPES.cardBlocked }),
  z.object({ kind: z.literal('purchaseApproved'), ...EVENT_SHAPES.purchaseApproved }),
  z.object({ kind: z.literal('purchaseDeclined'), ...EVENT_SHAPES.purchaseDeclined }),
  z.object({ kind: z.literal('newSignIn'), ...EVENT_SHAPES.newSignIn }),
  z.object({ kind: z.literal('transferReceived'), ...EVENT_SHAPES.transferReceived }),
  z.object({ kind: z.literal('requestPaid'), ...EVENT_SHAPES.requestPaid }),
  z.object({ kind: z.literal('withdrawalCompleted'), ...EVENT_SHAPES.withdrawalCompleted }),
  z.object({ kind: z.literal('withdrawalFailed'), ...EVENT_SHAPES.withdrawalFailed }),
  z.object({ kind: z.literal('accountStatus'), ...EVENT_SHAPES.accountStatus }),
]);
export type ActivityEvent = z.infer<typeof ActivityEvent>;

/** One entry of the list: the event, when it was recorded and whether the user has seen it. */
export const ActivityItem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('topUpCredited'), ...EVENT_SHAPES.topUpCredited, ...ENTRY_SHAPE }),
  z.object({ kind: z.literal('paymentFailed'), ...EVENT_SHAPES.paymentFailed, ...ENTRY_SHAPE }),
  z.object({ kind: z.literal('cardReady'), ...EVENT_SHAPES.cardReady, ...ENTRY_SHAPE }),
  z.object({ kind: z.literal('cardBlocked'), ...EVENT_SHAPES.cardBlocked, ...ENTRY_SHAPE }),
  z.object({ kind: z.literal('purchaseApproved'), ...EVENT_SHAPES.purchaseApproved, ...ENTRY_SHAPE }),
  z.object({ kind: z.literal('purchaseDeclined'), ...EVENT_SHAPES.purchaseDeclined, ...ENTRY_SHAPE }),
  z.object({ kind: z.literal('newSignIn'), ...EVENT_SHAPES.newSignIn, ...ENTRY_SHAPE }),
  z.object({ kind: z.literal('transferReceived'), ...EVENT_SHAPES.transferReceived, ...ENTRY_SHAPE }),
  z.object({ kind: z.literal('requestPaid'), ...EVENT_SHAPES.requestPaid, ...ENTRY_SHAPE }),
  z.object({ kind: z.literal('withdrawalCompleted'), ...EVENT_SHAPES.withdrawalCompleted, ...ENTRY_SHAPE }),
  z.object({ kind: z.literal('withdrawalFailed'), ...EVENT_SHAPES.withdrawalFailed, ...ENTRY_SHAPE }),
  z.object({ kind: z.literal('accountStatus'), ...EVENT_SHAPES.accountStatus, ...ENTRY_SHAPE }),
]);
export type ActivityItem = z.infer<typeof ActivityItem>;

/** Unread entries are counted up to this many (the badge shows "99+" above 99). */
export const ACTIVITY_UNREAD_CAP = 100;
export const ActivityUnread = z.object({
  /** Unread entries, at most ACTIVITY_UNREAD_CAP. */
  unread: z.int().check(z.minimum(0), z.maximum(ACTIVITY_UNREAD_CAP)),
});
export type ActivityUnread = z.infer<typeof ActivityUnread>;

export const ActivityPage = z.object({ ...page(ActivityItem).shape, ...ActivityUnread.shape });
export type ActivityPage = z.infer<typeof ActivityPage>;

export const ActivityMarkReadBody = z.strictObject({
  /** The `createdAt` of the newest entry the user has seen: it and every older entry are marked read (later ones stay unread). */
  upTo: Timestamp,
});

export const activityList = defineEndpoint({
  id: 'activity.list',
  method: 'GET',
  path: '/api/activity',
  auth: 'bearer',
  tag: 'activity',
  summary: "The user's activity (the events the bot notifies about), newest first, cursor-paginated, with the unread count.",
  query: PageQuery,
  response: ActivityPage,
});

export const activityUnread = defineEndpoint({
  id: 'activity.unread',
  method: 'GET',
  path: '/api/activity/unread',
  auth: 'bearer',
  tag: 'activity',
  summary: 'How many activity entries the user has not seen (the badge), at most 100.',
  response: ActivityUnread,
});

export const activityMarkRead = defineEndpoint({
  id: 'activity.markRead',
  method: 'POST',
  path: '/api/activity/read',
  auth: 'bearer',
  tag: 'activity',
  summary: 'Marks the entries up to a moment read (the list was seen); answers the unread count left.',
  body: ActivityMarkReadBody,
  response: ActivityUnread,
});

/** The activity endpoints by id (composed in index.ts). */
export const activityEndpoints = {
  'activity.list': activityList,
  'activity.unread': activityUnread,
  'activity.markRead': activityMarkRead,
} as const;
