/**
 * Issuer webhooks (docs/adapters.md "Card issuer"): a real issuer posts its events to POST /api/webhooks/card-issuer;
 * its adapter's `parseWebhook` checks the signature over the exact raw body, then translates the body into an
 * IssuerEvent. This file is the sandbox's wire format — `{ id, occurredAt, event }` signed with
 * `x-card-issuer-signature: sha256=<hex HMAC-SHA256(secret, raw body)>` — which the sandbox uses for every event it
 * delivers, so the program's side is exercised the way a real issuer's would be.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod/mini';
import type { IssuerEvent, IssuerWebhook } from './types';

export type { IssuerWebhook } from './types';

export const ISSUER_SIGNATURE_HEADER = 'x-card-issuer-signature';
export const ISSUER_WEBHOOK_PATH = '/api/webhooks/card-issuer';


/** A delivery we refuse: wrong or missing signature (→ 401), or a body that is not an event (→ 400). */
export class IssuerWebhookError extends Error {
  override name = 'IssuerWebhookError';
  constructor(
    readonly kind: 'signature' | 'format',
    message: string,
  ) {
    super(message);
  }
}

const signature = (secret: string, rawBody: string): string => `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;

export const signIssuerWebhook = (secret: string, delivery: { id: string; occurredAt: string; event: IssuerEvent }): { rawBody: string; headers: Record<string, string> } => {
  const rawBody = JSON.stringify(delivery);
  return { rawBody, headers: { 'content-type': 'application/json', [ISSUER_SIGNATURE_HEADER]: signature(secret, rawBody) } };
};

const text = z.string().check(z.minLength(1), z.maxLength(200));
const ref = { cardRef: text };
const reasoned = { ...ref, reason: text };
const EventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['card.issued', 'card.fabricating', 'card.shipped']), ...ref, last4: z.string().check(z.regex(/^\d{4}$/)) }),
  z.object({ type: z.enum(['card.rejected', 'card.failed', 'card.activationFailed', 'card.freezeFailed', 'card.unfreezeFailed', 'card.closeFailed', 'card.blockFailed']), ...reasoned }),
  z.object({ type: z.enum(['card.activated', 'card.frozen', 'card.unfrozen', 'card.closed', 'card.blocked']), ...ref }),
  z.object({ type: z.literal('card.shipment'), ...ref, stage: z.enum(['made', 'shipped', 'delivered']), at: z.iso.datetime() }),
  z.object({ type: z.literal('topup.completed'), ...ref, topupRef: text, amount: z.int().check(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER)), currency: z.enum(['USD', 'RUB']) }),
  z.object({ type: z.literal('topup.failed'), ...ref, topupRef: text, reason: text }),
  z.object({
    type: z.literal('trade'),
    ...ref,
    trade: z.object({
      issuerTradeId: text,
      kind: z.enum(['purchase', 'refund']),
      amount: z.int().check(z.positive()),
      currency: z.enum(['USD', 'RUB']),
      merchant: z.object({ name: z.string().check(z.maxLength(200)), mcc: z.nullable(z.string().check(z.maxLength(10))), country: z.nullable(z.string().check(z.maxLength(3))) }),
      originalAmount: z.nullable(z.object({ amount: z.int(), currency: z.string().check(z.maxLength(3)) })),
      issuerDeclineReason: z.optional(z.nullable(z.enum(['OVER_PURCHASE_LIMIT', 'OVER_MONTHLY_LIMIT']))),
    }),
  }),
]);
const Delivery = z.object({ id: text, occurredAt: z.string(), event: EventSchema });

/** The sandbox's parseWebhook: constant-time signature check first, then the body. */
export const parseSignedIssuerWebhook = (secret: string, rawBody: string, headers: Record<string, string | undefined>): IssuerWebhook => {
  const given = Buffer.from(headers[ISSUER_SIGNATURE_HEADER]?.trim() ?? '');
  const expected = Buffer.from(signature(secret, rawBody));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new IssuerWebhookError('signature', 'Invalid card issuer webhook signature.');
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new IssuerWebhookError('format', 'The webhook body is not valid JSON.');
  }
  const parsed = z.safeParse(Delivery, json);
  if (!parsed.success) throw new IssuerWebhookError('format', `The webhook body is not an issuer event: ${parsed.error.issues[0]?.path.join('.')}`);
  return { eventId: parsed.data.id, event: parsed.data.event as IssuerEvent };
};
