/** The user's cards: list, one card, its balance (owner only; another user's card is "not found"). */
import type { cardsBalance, cardsGet, cardsList, Card, CardBalance, CardForm, CardStatus } from '@/shared/contract/cards';
import type { cardsArchive } from '@/shared/contract/card-lifecycle';
import type { Db } from '../../../db/db';
import { accountIds } from '../../ledger';
import { DEFAULT_PAGE_SIZE, pickText, type ProductRecord } from '../../products';
import { cardBalance } from '../money';
import { ARCHIVED_STATUSES_SQL } from '../status-machine';
import { CARD_VIEW_COLUMNS, ownedCard, toCard, type CardViewRow } from '../store';
import { cardView, keysetAfter, pageOf, type CardsRequest, type Page } from './shared';
import type { RequestLanguage } from '../../../http/language';

/**
 * GET /api/cards lists the cards in use (an explicit `status` filter may name any status); GET /api/cards/archive
 * (`archive`) the ones that ended: closed, blocked, rejected, failed (docs/api.md "Card lifecycle").
 */
const cardsPage = async (
  db: Db,
  userId: string,
  query: { status?: CardStatus; form?: CardForm; cursor?: string; limit?: number },
  lang: RequestLanguage,
  scope: 'main' | 'archive' = 'main',
): Promise<Page<Card>> => {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const after = keysetAfter(query.cursor);
  // One statement (a hot read): each card with its product's names and its ledger balance (the card account's id
  // is accountIds.card(card id), i.e. the prefix $7 + the id).
  const rows = await db.query<CardViewRow & { product_names: ProductRecord['names'] | null; account_balance: number | null; replaced_by: string | null }>(
    `SELECT ${CARD_VIEW_COLUMNS}, p.name AS product_names, a.balance AS account_balance,
       (SELECT r.id FROM cards r WHERE r.replaces_card_id = c.id) AS replaced_by
     FROM cards c
     LEFT JOIN card_products p ON p.id = c.product_id
     LEFT JOIN ledger_accounts a ON a.id = $7::text || c.id
     WHERE c.user_id = $1 AND ($2::text IS NULL OR c.status = $2) AND ($3::text IS NULL OR c.form = $3)
       AND ($4::timestamptz IS NULL OR (c.created_at, c.id) < ($4::timestamptz, $5::text))
       AND (CASE WHEN $8::boolean THEN c.status IN ${ARCHIVED_STATUSES_SQL} WHEN $2::text IS NULL THEN c.status NOT IN ${ARCHIVED_STATUSES_SQL} ELSE true END)
     ORDER BY c.created_at DESC, c.id DESC LIMIT $6`,
    [userId, query.status ?? null, query.form ?? null, after?.at ?? null, after?.id ?? null, limit + 1, accountIds.card(''), scope === 'archive'],
  );
  return pageOf(rows, limit, (row) =>
    toCard(row, { productName: pickText(row.product_names, lang, row.product_id), balance: row.account_balance ?? 0, replacedByCardId: row.replaced_by }),
  );
};

export const listCards = ({ db, user, query, lang }: CardsRequest<typeof cardsList>): Promise<Page<Card>> => cardsPage(db, user.userId, query, lang);

export const listArchivedCards = ({ db, user, query, lang }: CardsRequest<typeof cardsArchive>): Promise<Page<Card>> =>
  cardsPage(db, user.userId, query, lang, 'archive');

export const getCard = async ({ db, user, params, lang }: CardsRequest<typeof cardsGet>): Promise<Card> =>
  cardView(db, await ownedCard(db, user.userId, params.id), lang);

export const getCardBalance = async ({ db, clock, user, params }: CardsRequest<typeof cardsBalance>): Promise<CardBalance> => {
  const card = await ownedCard(db, user.userId, params.id);
  const money = (amount: number) => ({ amount, currency: card.currency });
  // The sandbox settles trades at once, so nothing is ever authorised-but-unsettled.
  return { cardId: card.id, available: money(await cardBalance(db, card.id)), pending: money(0), updatedAt: clock.now().toISOString() };
};
