/**
 * The shipment of a physical card (docs/cards.md "Card controls"): the delivery address given at ordering and the
 * stages the issuer reports (`card.shipment` events: made → shipped → delivered, each with its time).
 */
import type { StoredDeliveryAddress } from '@/shared/contract/delivery-address';
import type { ShipmentStage } from '@/shared/contract/card-controls';
import type { IssuerEventResult, ShipmentStageEvent, ShipmentTracking } from '../../adapters/card-issuer';
import type { Queryable } from '../../db/db';
import type { CardRow } from './store';

export interface DeliveryRow extends Record<string, unknown> {
  card_id: string;
  country: string;
  recipient: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postcode: string | null;
  stage: ShipmentStage;
  ordered_at: Date;
  made_at: Date | null;
  shipped_at: Date | null;
  delivered_at: Date | null;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  expected_at: Date | null;
}

const ORDER: Record<ShipmentStage, number> = { ordered: 0, made: 1, shipped: 2, delivered: 3 };

export const findDelivery = async (q: Queryable, cardId: string, lock = false): Promise<DeliveryRow | null> => {
  const [row] = await q.query<DeliveryRow>(`SELECT * FROM card_deliveries WHERE card_id = $1${lock ? ' FOR UPDATE' : ''}`, [cardId]);
  return row ?? null;
};

export const addressOf = (row: DeliveryRow): StoredDeliveryAddress => ({
  country: row.country,
  recipient: row.recipient,
  line1: row.line1,
  line2: row.line2,
  city: row.city,
  region: row.region,
  postcode: row.postcode,
});

export const saveDelivery = async (q: Queryable, cardId: string, address: StoredDeliveryAddress, now: Date): Promise<void> => {
  await q.query(
    `INSERT INTO card_deliveries (card_id, country, recipient, line1, line2, city, region, postcode, ordered_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
    [cardId, address.country, address.recipient, address.line1, address.line2, address.city, address.region, address.postcode, now],
  );
};

/**
 * A `card.shipment` event, in the caller's transaction (card row locked). Stages only move forward; a stage's time is
 * the first one reported (a redelivery changes nothing); a late earlier stage fills its own time only.
 */
export const recordShipment = async (
  q: Queryable,
  card: CardRow,
  event: { stage: ShipmentStageEvent; at: string; tracking?: ShipmentTracking; expectedAt?: string },
  now: Date,
): Promise<IssuerEventResult> => {
  const delivery = await findDelivery(q, card.id, true);
  if (!delivery) return { handled: false }; // a card without a delivery (virtual, or ordered before addresses)
  const at = new Date(event.at);
  const stage = ORDER[event.stage] > ORDER[delivery.stage] ? event.stage : delivery.stage;
  // A later stage implies the earlier ones: their times are filled with the later one's when they never came.
  const made = delivery.made_at ?? (ORDER[event.stage] >= ORDER.made ? at : null);
  const shipped = delivery.shipped_at ?? (ORDER[event.stage] >= ORDER.shipped ? at : null);
  const delivered = delivery.delivered_at ?? (event.stage === 'delivered' ? at : null);
  // Tracking and the expected time: the latest the issuer sent; an event without them keeps what is known.
  const tracking = event.tracking;
  await q.query(
    `UPDATE card_deliveries SET stage = $2, made_at = $3, shipped_at = $4, delivered_at = $5, updated_at = $6,
       carrier = coalesce($7, carrier), tracking_number = coalesce($8, tracking_number),
       tracking_url = CASE WHEN $8::text IS NULL THEN tracking_url ELSE $9 END, expected_at = coalesce($10, expected_at)
     WHERE card_id = $1`,
    [card.id, stage, made, shipped, delivered, now, tracking?.carrier ?? null, tracking?.number ?? null, tracking?.url ?? null, event.expectedAt ? new Date(event.expectedAt) : null],
  );
  return { handled: true };
};
