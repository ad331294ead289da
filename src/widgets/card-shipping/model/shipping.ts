/**
 * The shipping tracker of the opened physical card (GET /api/cards/{id}/delivery): ordered → made → shipped →
 * delivered with the issuer's times. Loaded when a physical card opens; polled every SHIPPING_POLL_MS until
 * delivered (or the card is left).
 */
import { combine, sample } from 'effector';
import { $card, cardClosed } from '@/entities/card';
import { createApiQuery, createPoll, createRefetch } from '@/shared/api';
import { cardsDelivery } from '@/shared/contract';

const SHIPPING_POLL_MS = 3_000;
const deliveryQuery = createApiQuery(cardsDelivery);
const reload = createRefetch(deliveryQuery, 'cards.delivery.reload');
const poll = createPoll<string>({ every: SHIPPING_POLL_MS, name: 'cards.delivery.poll' });

const $physicalCardId = $card.map((card) => (card && card.form === 'physical' ? card.id : null));
export const $delivery = combine(deliveryQuery.$data, $physicalCardId, (delivery, id) => (delivery && delivery.cardId === id ? delivery : null));

sample({ clock: $physicalCardId, filter: (id): id is string => id !== null, fn: (id) => ({ params: { id: id as string } }), target: deliveryQuery.start });
// The card's status moved (fabricating → inactive ...): the shipment too, most likely.
sample({
  clock: $card.map((card) => (card && card.form === 'physical' ? `${card.id}:${card.status}` : null)),
  source: $physicalCardId,
  filter: (id): id is string => id !== null,
  fn: (id) => ({ params: { id: id as string } }),
  target: reload,
});

sample({
  clock: deliveryQuery.finished.success,
  source: $physicalCardId,
  filter: (id, { result }) => id === result.cardId && result.stage !== 'delivered',
  fn: (id) => id!,
  target: poll.scheduled,
});
sample({ clock: poll.tick, source: $physicalCardId, filter: (id, tick): id is string => id === tick, fn: (id) => ({ params: { id: id as string } }), target: reload });
sample({ clock: cardClosed, target: poll.stopped });
