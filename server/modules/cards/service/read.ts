/** The user's cards: list, one card, its balance (owner only; another user's card is "not found"). */
import type { Card, CardBalance, CardForm, CardStatus } from '@/shared/contract/cards';
import { DEFAULT_PAGE_SIZE, encodeCursor, type CatalogLanguage } from '../../products';
import { cardBalance } from '../money';
import { ownedCard, type CardRow } from '../store';
import { cardView, cardViews, keysetAfter, type CardsDeps, type Page } from './shared';

export const listCards = async (
  { db }: CardsDeps,
  userId: string,
  query: { status?: CardStatus; form?: CardForm; cursor?: string; limit?: number },
  lang: CatalogLanguage,
): Promise<Page<Card>> => {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const after = keysetAfter(query.cursor);
  const rows = await db.query<CardRow>(
    `SELECT * FROM cards
     WHERE user_id = $1 AND ($2::text IS NULL OR status = $2) AND ($3::text IS NULL OR form = $3)
       AND ($4::timestamptz IS NULL OR (created_at, id) < ($4::timestamptz, $5::text))
     ORDER BY created_at DESC, id DESC LIMIT $6`,
    [userId, query.status ?? null, query.form ?? null, after?.at ?? null, after?.id ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  const cards = await cardViews(db, page, lang);
  const last = page.at(-1);
  return { items: cards, nextCursor: rows.length > limit && last ? encodeCursor([last.created_at.toISOString(), last.id]) : null };
};

export const getCard = async ({ db }: CardsDeps, userId: string, cardId: string, lang: CatalogLanguage): Promise<Card> =>
  cardView(db, await ownedCard(db, userId, cardId), lang);

export const getCardBalance = async ({ db, clock }: CardsDeps, userId: string, cardId: string): Promise<CardBalance> => {
  const card = await ownedCard(db, userId, cardId);
  const money = (amount: number) => ({ amount, currency: card.currency });
  // The sandbox settles trades at once, so nothing is ever authorised-but-unsettled.
  return { cardId: card.id, available: money(await cardBalance(db, card.id)), pending: money(0), updatedAt: clock.now().toISOString() };
};
