/**
 * Sandbox controls of card controls (SANDBOX=true; docs/cards.md "Card controls"): advance a physical card's
 * shipment now, and read the limits the sandbox issuer holds for a card.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { defineEndpoint, Id, IdParams } from '@/shared/contract/core';
import type { Db } from '../../db/db';
import { DomainError } from '../../http/errors';
import { route } from '../../http/route';
import { cardNotFound, findCard } from '../../modules/cards';
import type { SandboxCardIssuer } from '../card-issuer';

const devCardShipmentAdvance = defineEndpoint({
  id: 'dev.cards.shipmentAdvance',
  method: 'POST',
  path: '/api/dev/cards/{id}/shipment/advance',
  auth: 'none',
  tag: 'dev',
  summary: "Sandbox issuer: the next step of a physical card's way now (issued → made → shipped → delivered), sent as the issuer's events.",
  params: IdParams,
  response: z.object({ cardId: Id, stage: z.nullable(z.enum(['ordered', 'made', 'shipped', 'delivered'])) }),
});

const devCardIssuerLimits = defineEndpoint({
  id: 'dev.cards.issuerLimits',
  method: 'GET',
  path: '/api/dev/cards/{id}/issuer-limits',
  auth: 'none',
  tag: 'dev',
  summary: 'Sandbox issuer: the spending limits the issuer enforces for the card.',
  params: IdParams,
  response: z.object({ cardId: Id, perPurchase: z.nullable(z.int()), monthly: z.nullable(z.int()) }),
});

export const registerCardControlDevRoutes = (app: FastifyInstance, { db, sandbox }: { db: Db; sandbox: SandboxCardIssuer }): void => {
  const atIssuer = async (id: string) => {
    const card = await findCard(db, id);
    if (!card) throw cardNotFound();
    if (card.status === 'pending') throw new DomainError('cards', 'NOT_AT_ISSUER', 'The issuer does not know this card yet (status pending).', 409);
    return card;
  };
  route(app, devCardShipmentAdvance, async ({ params }) => {
    const card = await atIssuer(params.id);
    if (card.form !== 'physical') throw new DomainError('cards', 'NOT_PHYSICAL', 'Only physical cards are shipped.', 409);
    return { cardId: card.id, stage: await sandbox.advanceShipment(card.id) };
  });
  route(app, devCardIssuerLimits, async ({ params }) => {
    const card = await atIssuer(params.id);
    return { cardId: card.id, ...(await sandbox.spendingLimits(card.id)) };
  });
};
