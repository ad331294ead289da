/** Freeze / unfreeze a card (client feature card-freeze). */
import type { Card, cardsUpdateStatus } from '@/shared/contract/cards';
import { enqueueJob } from '../../../jobs';
import { CARD_JOBS, CARD_LIMITS } from '../limits';
import { checkAction } from '../status-machine';
import { changeStatus, ownedCard } from '../store';
import { cardView, conflict, type CardsRequest } from './shared';

/** Freezing is always allowed (it protects the user); unfreezing re-enables spending (the contract guards it: verified). */
export const changeCardStatus = async ({ db, clock, user, params, body, lang }: CardsRequest<typeof cardsUpdateStatus>): Promise<Card> => {
  const { action } = body;
  const now = clock.now();
  const row = await db.tx(async (q) => {
    const card = await ownedCard(q, user.userId, params.id, true);
    if (card.status === (action === 'freeze' ? 'freezing' : 'unfreezing')) return card; // already in progress: answered as is
    const check = checkAction(card, action);
    if (!check.ok) throw conflict(check.message);
    await changeStatus(q, card, action === 'freeze' ? 'freezeRequested' : 'unfreezeRequested', now);
    await enqueueJob(q, {
      kind: action === 'freeze' ? CARD_JOBS.freeze : CARD_JOBS.unfreeze,
      payload: { cardId: card.id },
      maxAttempts: CARD_LIMITS.issuerRequestMaxAttempts,
    });
    return card;
  });
  return cardView(db, row, lang);
};
