/** A physical card's delivery: the address at ordering and the shipping tracker (client widget card-shipping). */
import type { CardDelivery, cardsDelivery } from '@/shared/contract/card-controls';
import type { CardForm } from '@/shared/contract/cards';
import type { DeliveryAddress, StoredDeliveryAddress } from '@/shared/contract/delivery-address';
import { catalogError, httpErrors } from '../../../http/errors';
import { addressOf, findDelivery } from '../shipment';
import { ownedCard } from '../store';
import type { CardsRequest } from './shared';

/** The order's address as stored, or a validation error: required for a physical product, refused for a virtual one. */
export const deliveryAddressFor = (form: CardForm, address: DeliveryAddress | undefined): StoredDeliveryAddress | null => {
  if (form === 'physical' && !address) throw httpErrors.validation({ deliveryAddress: 'A physical card needs a delivery address.' });
  if (form === 'virtual' && address) throw httpErrors.validation({ deliveryAddress: 'A virtual card is not delivered: send no address.' });
  if (!address) return null;
  return {
    country: address.country,
    recipient: address.recipient,
    line1: address.line1,
    line2: address.line2 || null,
    city: address.city,
    region: address.region || null,
    postcode: address.postcode ? address.postcode.toUpperCase() : null,
  };
};

/** GET /api/cards/{id}/delivery. */
export const getCardDelivery = async ({ db, user, params }: CardsRequest<typeof cardsDelivery>): Promise<CardDelivery> => {
  const card = await ownedCard(db, user.userId, params.id);
  const row = await findDelivery(db, card.id);
  if (!row) {
    throw catalogError('CARD_STATUS_CONFLICT', card.form === 'physical' ? 'This card was ordered without a delivery address.' : 'A virtual card is not delivered.');
  }
  return {
    cardId: card.id,
    address: addressOf(row),
    stage: row.stage,
    orderedAt: row.ordered_at.toISOString(),
    madeAt: row.made_at?.toISOString() ?? null,
    shippedAt: row.shipped_at?.toISOString() ?? null,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    tracking: row.carrier && row.tracking_number ? { carrier: row.carrier, number: row.tracking_number, url: row.tracking_url } : null,
    expectedAt: row.expected_at?.toISOString() ?? null,
  };
};
