/**
 * The card archive (GET /api/cards/archive): closed, blocked, rejected and failed cards, which GET /api/cards no
 * longer lists (docs/api.md "Card lifecycle"). Loaded when its screen opens; reloaded past the cache when a card
 * ends (cardDataInvalidated).
 */
import { createEvent, sample } from 'effector';
import { createApiQuery, queryState, refetchOn } from '@/shared/api';
import { cardsArchive, type Card } from '@/shared/contract';
import { cardErrorMessageOf } from '../lib/card-failure';
import { CARDS_PAGE_LIMIT } from '../config/status';
import { cardDataInvalidated } from './card';

const cardsArchiveQuery = createApiQuery(cardsArchive);

export const archiveOpened = createEvent();
sample({ clock: archiveOpened, fn: () => ({ query: { limit: CARDS_PAGE_LIMIT } }), target: cardsArchiveQuery.start });
refetchOn(cardsArchiveQuery, { clock: cardDataInvalidated, name: 'cards.archive' });

export const $archivedCards = cardsArchiveQuery.$data.map((page): Card[] => page?.items ?? []);
export const $archiveState = queryState(cardsArchiveQuery);
export const $archiveError = cardErrorMessageOf(cardsArchiveQuery, 'errors:cards.fetchCardsFailed');
