/**
 * Close a card, or block it for good with a reason (client features card-close, card-block). Both only ask: the card
 * goes closing/blocking at once (no more purchases), the issuer confirms asynchronously, and then the card is final
 * and its balance is back in the wallet in one ledger transaction (events.ts → lifecycle-money.ts).
 * docs/cards.md "Card lifecycle".
 */
import type { Card } from '@/shared/contract/cards';
import type { CardBlockReason, cardsBlock, cardsClose } from '@/shared/contract/card-lifecycle';
import type { Queryable } from '../../../db/db';
import { enqueueJob } from '../../../jobs';
import { CARD_JOBS, CARD_LIMITS } from '../limits';
import { checkAction } from '../status-machine';
import { changeStatus, ownedCard, type CardRow } from '../store';
import { cardView, conflict, type CardsRequest } from './shared';

/** LOST, STOLEN, DAMAGED, SUSPECTED_FRAUD: the card's statusReason while blocking and once blocked. */
const blockReasonCode = (reason: CardBlockReason): string => reason.toUpperCase();

export const closeCard = async ({ db, clock, user, params, lang }: CardsRequest<typeof cardsClose>): Promise<Card> => {
  // No verification check: closing protects the user and only moves money to their own wallet.
  const row = await db.tx(async (q) => {
    const now = clock.now();
    const card = await ownedCard(q, user.userId, params.id, true);
    if (card.status === 'closing' || card.status === 'closed') return card; // the same request again: answered as is
    const check = checkAction(card, 'close');
    if (!check.ok) throw conflict(check.message);
    await changeStatus(q, card, 'closeRequested', now);
    await enqueueJob(q, { kind: CARD_JOBS.close, payload: { cardId: card.id }, maxAttempts: CARD_LIMITS.issuerRequestMaxAttempts });
    return card;
  });
  return cardView(db, row, lang);
};

/**
 * Asks the issuer to block a card for good (the card locked by the caller): the owner's call, and support's on the
 * owner's behalf (docs/ops.md "A user's picture"). A card blocking or blocked already keeps its first reason.
 */
export const requestCardBlock = async (q: Queryable, card: CardRow, reason: CardBlockReason, now: Date): Promise<CardRow> => {
  if (card.status === 'blocking' || card.status === 'blocked') return card;
  const check = checkAction(card, 'block');
  if (!check.ok) throw conflict(check.message);
  await changeStatus(q, card, 'blockRequested', now, { reason: blockReasonCode(reason) });
  await enqueueJob(q, { kind: CARD_JOBS.block, payload: { cardId: card.id, reason }, maxAttempts: CARD_LIMITS.issuerRequestMaxAttempts });
  return card;
};

export const blockCard = async ({ db, clock, user, params, body, lang }: CardsRequest<typeof cardsBlock>): Promise<Card> => {
  const row = await db.tx(async (q) => requestCardBlock(q, await ownedCard(q, user.userId, params.id, true), body.reason, clock.now()));
  return cardView(db, row, lang);
};
