/**
 * Receipts (issue #35): a PDF of one transaction, linked like a statement. A module of its own so the wallet screen's
 * chunk, which uses statements.ts (search amounts), does not carry these schemas (bundle budget).
 */
import * as z from 'zod/mini';
import { defineEndpoint, Id } from './core';
import { StatementLink, TimeZone } from './statements';

/** One transaction of the details sheet: a wallet history row, a card transaction, or a card trade. */
export const ReceiptTarget = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('wallet'), transactionId: Id }),
  z.strictObject({ kind: z.literal('card'), cardId: Id, transactionId: Id }),
  z.strictObject({ kind: z.literal('trade'), cardId: Id, tradeId: Id }),
]);
export type ReceiptTarget = z.infer<typeof ReceiptTarget>;

/** A PDF receipt of one transaction (issue #35), its words in `language`, its time in `timeZone`. */
export const ReceiptLinkBody = z.strictObject({
  target: ReceiptTarget,
  language: z.optional(z.enum(['en', 'ru'])),
  timeZone: z.optional(TimeZone),
});
export type ReceiptLinkBody = z.infer<typeof ReceiptLinkBody>;

export const receiptsCreateLink = defineEndpoint({
  id: 'receipts.createLink',
  method: 'POST',
  path: '/api/receipts/links',
  auth: 'bearer',
  tag: 'statements',
  summary: "A single-use, short-lived link to download one transaction's receipt (PDF). Only the owner's transactions (else 404).",
  body: ReceiptLinkBody,
  response: StatementLink,
});

/** The receipt download: `GET /api/receipts/download/{token}` answers `application/pdf`, as the statement download does. */
export const RECEIPT_DOWNLOAD = {
  path: '/api/receipts/download/{token}',
  params: z.object({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)) }),
} as const;

/** The receipt endpoints by id (composed in index.ts). */
export const receiptsEndpoints = {
  'receipts.createLink': receiptsCreateLink,
} as const;
