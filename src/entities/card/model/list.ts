/**
 * The user's cards (/cards). `cardsListOpened` / `cardsListClosed` bracket the screen; while any card
 * on it is in a transitional status, the list is reloaded every 2 s until they all settle.
 */
import { combine, createEvent, createStore, sample } from 'effector';
import { apiDataReset, createPoll, queryState, refetchOn } from '@/shared/api';
import { cardErrorMessageOf } from '../lib/card-failure';
import type { Card } from '@/shared/contract';
import { CARD_POLL_INTERVAL_MS, CARDS_PAGE_LIMIT } from '../config/status';
import { isTransitionalStatus } from '../lib/status';
import { cardsListQuery } from './queries';

export const cardsListOpened = createEvent();
export const cardsListClosed = createEvent();

const $listOpen = createStore(false, { serialize: 'ignore' })
  .on(cardsListOpened, () => true)
  .reset(cardsListClosed, apiDataReset);

sample({ clock: cardsListOpened, fn: () => ({ query: { limit: CARDS_PAGE_LIMIT } }), target: cardsListQuery.start });

export const $cards = cardsListQuery.$data.map((page): Card[] => page?.items ?? []);
export const $cardsState = queryState(cardsListQuery);
export const $cardsError = cardErrorMessageOf(cardsListQuery, 'errors:cards.fetchCardsFailed');

/** The list is being reloaded while shown (polling). */
export const $listPollNeeded = combine($listOpen, $cards, (open, cards) => open && cards.some((card) => isTransitionalStatus(card.status)));

const listPoll = createPoll({ every: CARD_POLL_INTERVAL_MS, name: 'cards.list.poll' });
sample({ clock: [sample({ clock: $listPollNeeded.updates, filter: Boolean }), sample({ clock: listPoll.tick, filter: $listPollNeeded })], target: listPoll.scheduled });
sample({ clock: [sample({ clock: $listPollNeeded.updates, filter: (needed) => !needed }), cardsListClosed], target: listPoll.stopped });

refetchOn(cardsListQuery, { clock: listPoll.tick, name: 'cards.list.poll' });
