/**
 * Money between people (issue #36): sending to another user of the app and payment requests. Field design, limits and
 * the masking of names: docs/api.md "Transfers between users".
 */
import * as z from 'zod/mini';
import { Currency, defineEndpoint, Id, Money, noNul, PageQuery, page, PositiveMinorUnits, Timestamp } from './core';

// ── Shapes ─────────────────────────────────────────────────────────────────────────────────────────

/** A user's own payment code: what their link (`startapp=pay_<code>`) and QR carry. 10 of A-Z a-z 0-9. */
export const PayCode = z.string().check(z.regex(/^[A-Za-z0-9]{10}$/, 'Not a payment code'));

/** A Telegram @username as typed: 4–32 of A-Z a-z 0-9 _ starting with a letter, with or without the "@". */
export const TelegramUsername = z.string().check(z.regex(/^@?[A-Za-z][A-Za-z0-9_]{3,31}$/, 'Not a Telegram username'));

export const TRANSFER_NOTE_MAX_LENGTH = 140;
/** Characters a note must not hold: controls (but none are allowed), bidi overrides and zero-width characters. */
const UNSAFE_NOTE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;
/**
 * A transfer's or a request's note: 1–140 characters of text, trimmed; no control, invisible or bidi-override
 * characters (a note is shown to another person: it must not pretend to be something else). Markup is shown as text.
 */
export const TransferNote = z.string().check(
  noNul,
  z.maxLength(TRANSFER_NOTE_MAX_LENGTH * 4),
  z.overwrite((value) => value.normalize('NFC').trim()),
  z.minLength(1, 'Write a note or leave it out'),
  z.maxLength(TRANSFER_NOTE_MAX_LENGTH, `At most ${TRANSFER_NOTE_MAX_LENGTH} characters`),
  z.refine((value) => !UNSAFE_NOTE.test(value), 'The note holds control or invisible characters'),
);

/** A positive amount in a wallet currency, as a request carries it. */
export const PositiveMoney = z.object({ amount: PositiveMinorUnits, currency: Currency });

/** Who the money goes to, as the sender may see them: the masked name (docs/api.md "Names of other people"). */
export const Recipient = z.object({
  payCode: PayCode,
  /** "Ivan P.": first name and the initial of the last name, as banks show a payee. */
  name: z.string(),
  /** The @username the recipient was found by; null when found by link, QR or contact. */
  username: z.nullable(z.string()),
});
export type Recipient = z.infer<typeof Recipient>;

/** Exactly one of: the recipient's @username, or their payment code (from their link or QR). */
export const FindRecipientBody = z
  .strictObject({ username: z.optional(TelegramUsername), payCode: z.optional(PayCode) })
  .check(z.refine((body) => (body.username === undefined) !== (body.payCode === undefined), { message: 'Give a username or a payment code', path: ['username'] }));
export type FindRecipientBody = z.infer<typeof FindRecipientBody>;

/** The user's own side: their payment code (link, QR) and whether others find them by @username. */
export const PaymentProfile = z.object({
  payCode: PayCode,
  /** Others may find this user by their Telegram @username (the link and QR work either way). */
  discoverable: z.boolean(),
  /** The linked Telegram account's @username, null without one (then nobody finds this user by username). */
  username: z.nullable(z.string()),
});
export type PaymentProfile = z.infer<typeof PaymentProfile>;

export const UpdatePaymentProfileBody = z.strictObject({ discoverable: z.boolean() });

export const TransferLimit = z.object({
  currency: Currency,
  /** Smallest transfer. */
  min: Money,
  /** Largest single transfer. */
  maxPerTransfer: Money,
  /** Most that may be sent in any 24 hours. */
  daily: Money,
  /** What was sent in the last 24 hours. */
  sentLast24h: Money,
  /** daily − sentLast24h (never below 0). */
  remaining: Money,
});
export type TransferLimit = z.infer<typeof TransferLimit>;

export const TransferLimits = z.object({ limits: z.array(TransferLimit), noteMaxLength: z.int() });
export type TransferLimits = z.infer<typeof TransferLimits>;

export const SendTransferBody = z.strictObject({
  /** The recipient (from transfers.findRecipient, their link, QR, or the payment request). */
  payCode: PayCode,
  amount: PositiveMoney,
  note: z.optional(TransferNote),
  /** Paying a payment request: its id; the amount must be the request's and the payCode its requester's. */
  requestId: z.optional(Id),
});
export type SendTransferBody = z.infer<typeof SendTransferBody>;

export const Transfer = z.object({
  id: Id,
  direction: z.enum(['sent', 'received']),
  /** The other person's masked name. */
  counterpartyName: z.string(),
  amount: Money,
  note: z.nullable(z.string()),
  requestId: z.nullable(Id),
  status: z.literal('completed'),
  /** The wallet transaction (both histories show it under this id). */
  transactionId: Id,
  createdAt: Timestamp,
});
export type Transfer = z.infer<typeof Transfer>;

// ── Payment requests ───────────────────────────────────────────────────────────────────────────────

export const PaymentRequestStatus = z.enum(['open', 'paid', 'cancelled', 'expired']);
export type PaymentRequestStatus = z.infer<typeof PaymentRequestStatus>;

export const PaymentRequest = z.object({
  id: Id,
  amount: Money,
  note: z.nullable(z.string()),
  status: PaymentRequestStatus,
  /** True when the caller made this request (the requester); false for a payer looking at it. */
  mine: z.boolean(),
  /** The requester: their payment code (the payer's transfer goes to it) and masked name. */
  requester: z.object({ payCode: PayCode, name: z.string() }),
  /** The payer's masked name once paid (shown to the requester only; null otherwise). */
  paidBy: z.nullable(z.string()),
  /** The transfer that paid it. */
  transferId: z.nullable(Id),
  /** The link that opens the app on the confirm step: https://t.me/<bot>[/<app>]?startapp=req_<id>. */
  link: z.url(),
  createdAt: Timestamp,
  expiresAt: Timestamp,
  paidAt: z.nullable(Timestamp),
});
export type PaymentRequest = z.infer<typeof PaymentRequest>;

export const CreatePaymentRequestBody = z.strictObject({ amount: PositiveMoney, note: z.optional(TransferNote) });

export const SharedPaymentRequest = z.object({
  /** Telegram's prepared inline message id (`shareMessage`), null when the bot cannot prepare one (no Telegram account linked). */
  preparedMessageId: z.nullable(z.string()),
  link: z.url(),
});
export type SharedPaymentRequest = z.infer<typeof SharedPaymentRequest>;

export const ContactPicker = z.object({
  /** Sent: the bot's chat now holds a "Choose a contact" button; open `botUrl` to use it. */
  sent: z.boolean(),
  botUrl: z.url(),
});
export type ContactPicker = z.infer<typeof ContactPicker>;

const RequestParams = z.object({ requestId: Id });

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────────────

export const transfersProfile = defineEndpoint({
  id: 'transfers.profile',
  method: 'GET',
  path: '/api/transfers/profile',
  auth: 'bearer',
  tag: 'transfers',
  summary: "The caller's payment code (link, QR) and whether others find them by @username.",
  response: PaymentProfile,
});

export const transfersUpdateProfile = defineEndpoint({
  id: 'transfers.updateProfile',
  method: 'PATCH',
  path: '/api/transfers/profile',
  auth: 'bearer',
  tag: 'transfers',
  summary: 'Turns being found by @username on or off.',
  body: UpdatePaymentProfileBody,
  response: PaymentProfile,
});

export const transfersFindRecipient = defineEndpoint({
  id: 'transfers.findRecipient',
  method: 'POST',
  path: '/api/transfers/recipient',
  auth: 'bearer',
  requires: ['verified'],
  tag: 'transfers',
  summary: 'Finds a recipient by @username or payment code; answers their masked name (limited per hour).',
  body: FindRecipientBody,
  response: Recipient,
});

export const transfersLimits = defineEndpoint({
  id: 'transfers.limits',
  method: 'GET',
  path: '/api/transfers/limits',
  auth: 'bearer',
  tag: 'transfers',
  summary: 'Per-transfer and 24-hour limits per currency, with what is left.',
  response: TransferLimits,
});

export const transfersSend = defineEndpoint({
  id: 'transfers.send',
  method: 'POST',
  path: '/api/transfers',
  auth: 'bearer',
  requires: ['verified'],
  idempotent: true,
  tag: 'transfers',
  summary: 'Sends money to another user at once (one ledger transaction), or pays a payment request.',
  body: SendTransferBody,
  response: Transfer,
});

export const transfersContactPicker = defineEndpoint({
  id: 'transfers.contactPicker',
  method: 'POST',
  path: '/api/transfers/contact-picker',
  auth: 'bearer',
  requires: ['verified'],
  tag: 'transfers',
  summary: "Has the bot send a \"Choose a contact\" button to the caller's chat; the contact picked there opens the app on the confirm step.",
  response: ContactPicker,
});

export const paymentRequestsCreate = defineEndpoint({
  id: 'paymentRequests.create',
  method: 'POST',
  path: '/api/payment-requests',
  auth: 'bearer',
  tag: 'transfers',
  summary: 'Creates a payment request (amount, note) to share into a chat.',
  body: CreatePaymentRequestBody,
  response: PaymentRequest,
});

export const paymentRequestsList = defineEndpoint({
  id: 'paymentRequests.list',
  method: 'GET',
  path: '/api/payment-requests',
  auth: 'bearer',
  tag: 'transfers',
  summary: "The caller's payment requests, newest first.",
  query: PageQuery,
  response: page(PaymentRequest),
});

export const paymentRequestsGet = defineEndpoint({
  id: 'paymentRequests.get',
  method: 'GET',
  path: '/api/payment-requests/{requestId}',
  auth: 'bearer',
  tag: 'transfers',
  summary: 'One payment request, for its requester or for whoever holds its link.',
  params: RequestParams,
  response: PaymentRequest,
});

export const paymentRequestsShare = defineEndpoint({
  id: 'paymentRequests.share',
  method: 'POST',
  path: '/api/payment-requests/{requestId}/share',
  auth: 'bearer',
  tag: 'transfers',
  summary: "Prepares the request as a Telegram inline message (the bot's savePreparedInlineMessage) for shareMessage.",
  params: RequestParams,
  response: SharedPaymentRequest,
});

export const paymentRequestsCancel = defineEndpoint({
  id: 'paymentRequests.cancel',
  method: 'POST',
  path: '/api/payment-requests/{requestId}/cancel',
  auth: 'bearer',
  tag: 'transfers',
  summary: 'Cancels an open payment request of the caller (a paid one stays paid).',
  params: RequestParams,
  response: PaymentRequest,
});

/** The transfer endpoints by id (composed in index.ts). */
export const transfersEndpoints = {
  'transfers.profile': transfersProfile,
  'transfers.updateProfile': transfersUpdateProfile,
  'transfers.findRecipient': transfersFindRecipient,
  'transfers.limits': transfersLimits,
  'transfers.send': transfersSend,
  'transfers.contactPicker': transfersContactPicker,
  'paymentRequests.create': paymentRequestsCreate,
  'paymentRequests.list': paymentRequestsList,
  'paymentRequests.get': paymentRequestsGet,
  'paymentRequests.share': paymentRequestsShare,
  'paymentRequests.cancel': paymentRequestsCancel,
} as const;
