/**
 * The end of a card's life and money back from it (issue #14 "Card lifecycle"): close, block for good with a reason,
 * a replacement on the same product, withdraw to the wallet, and the archive. Decisions: docs/api.md "Card lifecycle".
 */
import * as z from 'zod/mini';
import { Card } from './cards';
import { defineEndpoint, Id, IdParams, Money, PageQuery, page, PositiveMinorUnits, Timestamp } from './core';

/** Why a card is blocked for good (Marqeta/Adyen model lost/stolen as a terminal state with a reason). */
export const CardBlockReason = z.enum(['lost', 'stolen', 'damaged', 'suspected_fraud']);
export type CardBlockReason = z.infer<typeof CardBlockReason>;

export const BlockCardBody = z.strictObject({ reason: CardBlockReason });

export const WithdrawBody = z.strictObject({
  /** Minor units of the card currency moved back to the wallet of that currency; at most the card balance. */
  amount: PositiveMinorUnits,
});

export const WithdrawResult = z.object({
  card: Card,
  withdrawal: z.object({
    id: Id,
    amount: Money,
    /** Always completed: the money is in the wallet when the answer arrives. */
    status: z.literal('completed'),
    createdAt: Timestamp,
  }),
});
export type WithdrawResult = z.infer<typeof WithdrawResult>;

export const cardsClose = defineEndpoint({
  id: 'cards.close',
  method: 'POST',
  path: '/api/cards/{id}/close',
  auth: 'bearer',
  idempotent: true,
  tag: 'cards',
  summary: 'Close the card for good. Answers the card (closing); once the issuer confirms, it is closed and its balance is back in the wallet.',
  params: IdParams,
  response: Card,
});

export const cardsBlock = defineEndpoint({
  id: 'cards.block',
  method: 'POST',
  path: '/api/cards/{id}/block',
  auth: 'bearer',
  idempotent: true,
  tag: 'cards',
  summary: 'Block the card for good (lost, stolen, damaged, suspected fraud). Answers the card (blocking); then blocked, balance back in the wallet.',
  params: IdParams,
  body: BlockCardBody,
  response: Card,
});

export const cardsReplace = defineEndpoint({
  id: 'cards.replace',
  method: 'POST',
  path: '/api/cards/{id}/replace',
  auth: 'bearer',
  requires: ['verified'],
  idempotent: true,
  tag: 'cards',
  summary: 'Order a replacement of a blocked card on the same product, free of charge. Answers the new card (pending); once per blocked card.',
  params: IdParams,
  response: Card,
});

export const cardsWithdraw = defineEndpoint({
  id: 'cards.withdraw',
  method: 'POST',
  path: '/api/cards/{id}/withdraw',
  auth: 'bearer',
  requires: ['verified'],
  idempotent: true,
  tag: 'cards',
  summary: 'Move money from the card back to the wallet, at most the card balance.',
  params: IdParams,
  body: WithdrawBody,
  response: WithdrawResult,
});

export const cardsArchive = defineEndpoint({
  id: 'cards.archive',
  method: 'GET',
  path: '/api/cards/archive',
  auth: 'bearer',
  tag: 'cards',
  summary: 'Cards that ended: closed, blocked, rejected, failed (newest first). GET /api/cards lists the others.',
  query: z.object({ ...PageQuery.shape }),
  response: page(Card),
});

export const lifecycleEndpoints = {
  'cards.close': cardsClose,
  'cards.block': cardsBlock,
  'cards.replace': cardsReplace,
  'cards.withdraw': cardsWithdraw,
  'cards.archive': cardsArchive,
} as const;
