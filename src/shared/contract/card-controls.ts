/**
 * Card controls (issue #14): spending limits per card and the delivery of a physical card.
 * docs/api.md "Card controls".
 */
import * as z from 'zod/mini';
import { defineEndpoint, IdParams, Money, PositiveMinorUnits, Timestamp } from './core';
import { StoredDeliveryAddress } from './delivery-address';

/** The largest limit one may set (minor units): far above any deposit range, below float trouble. */
export const MAX_SPENDING_LIMIT = 1_000_000_000_00;
const LimitAmount = PositiveMinorUnits.check(z.maximum(MAX_SPENDING_LIMIT));

/**
 * Both limits at once, in minor units of the card currency; null = no limit. The month is the calendar month in
 * UTC. A per-purchase limit above the monthly one is refused (it could never be reached).
 */
export const SetCardLimitsBody = z
  .strictObject({
    perPurchase: z.nullable(LimitAmount),
    monthly: z.nullable(LimitAmount),
  })
  .check(
    z.refine((b) => b.perPurchase === null || b.monthly === null || b.perPurchase <= b.monthly, {
      message: 'The per-purchase limit cannot be above the monthly limit.',
      path: ['perPurchase'],
    }),
  );
export type SetCardLimitsBody = z.infer<typeof SetCardLimitsBody>;

export const CardLimits = z.object({
  cardId: z.string(),
  perPurchase: z.nullable(Money),
  monthly: z.nullable(Money),
  /** Approved purchases of the current UTC calendar month (refunds do not give the allowance back). */
  spentThisMonth: Money,
  /** Start of the current UTC month; the monthly allowance renews at `monthEndsAt`. */
  monthStartsAt: Timestamp,
  monthEndsAt: Timestamp,
  /** Whether the limits can be changed now (the issuer knows the card and it is not final). */
  editable: z.boolean(),
  updatedAt: z.nullable(Timestamp),
});
export type CardLimits = z.infer<typeof CardLimits>;

/** Where a physical card is on its way; `ordered` until the issuer reports it made. */
export const ShipmentStage = z.enum(['ordered', 'made', 'shipped', 'delivered']);
export type ShipmentStage = z.infer<typeof ShipmentStage>;
export const SHIPMENT_STAGES = ['ordered', 'made', 'shipped', 'delivered'] as const satisfies readonly ShipmentStage[];

export const CardDelivery = z.object({
  cardId: z.string(),
  address: StoredDeliveryAddress,
  stage: ShipmentStage,
  orderedAt: Timestamp,
  madeAt: z.nullable(Timestamp),
  shippedAt: z.nullable(Timestamp),
  deliveredAt: z.nullable(Timestamp),
  /** The carrier and its tracking number (a tracking page when the carrier has one); null until the issuer sends them. */
  tracking: z.nullable(z.object({ carrier: z.string(), number: z.string(), url: z.nullable(z.url()) })),
  /** When the card is expected to arrive, as the issuer estimates it; null when it does not say. */
  expectedAt: z.nullable(Timestamp),
});
export type CardDelivery = z.infer<typeof CardDelivery>;

export const cardsLimits = defineEndpoint({
  id: 'cards.limits',
  method: 'GET',
  path: '/api/cards/{id}/limits',
  auth: 'bearer',
  tag: 'cards',
  summary: "The card's spending limits (per purchase, per UTC calendar month) and what was spent this month.",
  params: IdParams,
  response: CardLimits,
});

export const cardsSetLimits = defineEndpoint({
  id: 'cards.setLimits',
  method: 'PATCH',
  path: '/api/cards/{id}/limits',
  auth: 'bearer',
  tag: 'cards',
  summary: 'Set or clear (null) both spending limits; the issuer enforces them on purchases. Answers the limits.',
  params: IdParams,
  body: SetCardLimitsBody,
  response: CardLimits,
});

export const cardsDelivery = defineEndpoint({
  id: 'cards.delivery',
  method: 'GET',
  path: '/api/cards/{id}/delivery',
  auth: 'bearer',
  tag: 'cards',
  summary: 'A physical card: its delivery address and shipping status (made → shipped → delivered, with times).',
  params: IdParams,
  response: CardDelivery,
});

export const controlsEndpoints = {
  'cards.limits': cardsLimits,
  'cards.setLimits': cardsSetLimits,
  'cards.delivery': cardsDelivery,
} as const;
