/**
 * Card reads (SPEC §7). Every one is an ordinary cached query; `model/card.ts` and `model/list.ts`
 * keep them live (polling, refetch after changes).
 */
import { createApiQuery } from '@/shared/api';
import { cardsBalance, cardsGet, cardsList, cardsTrades, cardsTransactions } from '@/shared/contract';

export const cardsListQuery = createApiQuery(cardsList);
export const cardQuery = createApiQuery(cardsGet);
export const cardBalanceQuery = createApiQuery(cardsBalance);
/** First page of a card's transactions (refetched when the card changes). */
export const cardTransactionsQuery = createApiQuery(cardsTransactions);
/** Further pages ("load more"): a separate query so the first one always holds page 1. */
export const cardTransactionsMoreQuery = createApiQuery(cardsTransactions, { name: 'cards.transactions.more' });
export const cardTradesQuery = createApiQuery(cardsTrades);
export const cardTradesMoreQuery = createApiQuery(cardsTrades, { name: 'cards.trades.more' });
