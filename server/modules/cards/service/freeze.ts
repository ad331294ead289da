/** Freeze / unfreeze a card (client feature card-freeze). */
import type { Card } from '@/shared/contract/cards';
import { enqueueJob } from '../../../jobs';
import type { CatalogLanguage } from '../../products';
import { requireVerifiedUser } from '../../users/verification-guard';
import { CARD_JOBS, CARD_LIMITS } from '../limits';
import { checkAction } from '../status-machine';
import { changeStatus, ownedCard } from '../store';
import { cardView, conflict, type CardsDeps } from './shared';

export const changeCardStatus = async (
  { db, clock }: CardsDeps,
  userId: string,
  cardId: string,
  action: 'freeze' | 'unfreeze',
  lang: CatalogLanguage,
): Promise<Card> => {
  const now = clock.now();
  // Freezing is always allowed (it protects the user); unfreezing re-enables spending, so it needs a verified account.
  if (action === 'unfreeze') await requireVerifiedUser(db, clock, userId);
  const row = await db.tx(async (q) => {
    const card = await ownedCard(q, userId, cardId, true);
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
