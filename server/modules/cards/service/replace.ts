/**
 * A replacement for a blocked card (client feature card-block), as Marqeta and Adyen model it: a NEW card on the
 * same product that links to the old one (`replacesCardId`; the old card answers `replacedByCardId`). Free of charge
 * and empty: the old card's balance went back to the wallet when it was blocked (docs/cards.md "Card lifecycle").
 * Once per blocked card (a unique column); the same Idempotency-Key answers the same new card.
 */
import type { Card } from '@/shared/contract/cards';
import type { cardsReplace } from '@/shared/contract/card-lifecycle';
import { catalogError } from '../../../http/errors';
import { enqueueJob } from '../../../jobs';
import { createCardAccount, runLedgerTx } from '../../ledger';
import { CARD_JOBS, CARD_LIMITS } from '../limits';
import { ARCHIVED_STATUSES_SQL, checkAction } from '../status-machine';
import { newId, ownedCard, type CardRow } from '../store';
import { cardView, conflict, type CardsRequest } from './shared';

export const replaceCard = async ({ db, clock, issuer, limits, user, params, idempotencyKey: requestKey, lang }: CardsRequest<typeof cardsReplace>): Promise<Card> => {
  const { userId } = user;
  if (!issuer.available) {
    throw catalogError('UPSTREAM_UNAVAILABLE', 'Card issuing is not available right now. Please try again later.');
  }
  const row = await runLedgerTx(db, async (q) => {
    const now = clock.now();
    await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]); // one card count at a time per user
    const old = await ownedCard(q, userId, params.id, true);
    const [existing] = await q.query<CardRow>('SELECT * FROM cards WHERE replaces_card_id = $1', [old.id]);
    if (existing) {
      if (existing.create_key === requestKey) return existing; // the same request again
      throw catalogError('CARD_ALREADY_REPLACED', 'This card has a replacement already.');
    }
    const check = checkAction(old, 'replace');
    if (!check.ok) throw conflict(check.message);
    const [{ count } = { count: 0 }] = await q.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM cards WHERE user_id = $1 AND status NOT IN ${ARCHIVED_STATUSES_SQL}`,
      [userId],
    );
    if (count >= limits.maxCards) {
      throw catalogError('CARD_LIMIT_REACHED', `You already have ${limits.maxCards} cards, the most one account may hold.`);
    }
    const [card] = await q.query<CardRow>(
      `INSERT INTO cards (id, user_id, product_id, status, scheme, form, currency, cardholder_name, create_key,
         initial_deposit, creation_fee, issuing_fee, deposit_fee, replaces_card_id, created_at, updated_at)
       VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7, $8, 0, 0, 0, 0, $9, $10, $10) RETURNING *`,
      [newId('crd'), userId, old.product_id, old.scheme, old.form, old.currency, old.cardholder_name, requestKey, old.id, now],
    );
    if (!card) throw new Error('INSERT INTO cards returned no row');
    await q.query(
      `INSERT INTO card_status_history (card_id, from_status, to_status, event, reason, created_at) VALUES ($1, NULL, 'pending', 'replacementRequested', $2, $3)`,
      [card.id, old.id, now],
    );
    await createCardAccount(q, { cardId: card.id, userId, currency: card.currency }, now);
    await enqueueJob(q, { kind: CARD_JOBS.issue, payload: { cardId: card.id }, maxAttempts: CARD_LIMITS.issuerRequestMaxAttempts });
    return card;
  });
  return cardView(db, row, lang);
};
