/**
 * The card on screen (/cards/:cardId): its data, balance, and keeping it live.
 *
 * - `cardOpened(id)` / `cardClosed()`: the page's lifetime. Opening loads the card and its balance (cached).
 * - While the card is in a transitional status (pending, processing, fabricating, activating, freezing,
 *   unfreezing) it is reloaded every 2 s (`createPoll` of shared/api) and the cache entry is replaced; polling
 *   stops as soon as the status settles, or when the page is left.
 * - `cardChanged(card)`: a card operation answered with the card (freeze, activate, top-up, issue). The
 *   answer is shown at once (the card query, the cards list) and the cached copies are reloaded.
 * - `topUpAccepted({ cardId, baseline })`: a top-up is being processed; the card is polled until its
 *   balance differs from `baseline` (at most TOP_UP_WATCH_TICKS polls), then balance and history reload.
 * - `cardSettled` (the status left a transitional one) and `cardDataInvalidated` (balance, lists and
 *   history of that card should be reloaded) are for the rest of the app.
 */
import { combine, createEvent, createStore, sample } from 'effector';
import { apiDataReset, createPoll, isApiError, queryState, refetchOn, type QueryView } from '@/shared/api';
import { CARD_READ_FAILURES, cardErrorMessageOf } from '../lib/card-failure';
import type { Card, CardForm, CardStatus } from '@/shared/contract';
import { CARD_POLL_INTERVAL_MS, TOP_UP_WATCH_TICKS } from '../config/status';
import { isDeadStatus, isEndedStatus, isTransitionalStatus } from '../lib/status';
import { showCardFailureFx } from './failure';
import { cardBalanceQuery, cardQuery, cardsListQuery } from './queries';
import { paramsId } from './params';

export const cardOpened = createEvent<string>();
export const cardClosed = createEvent();
/** A card operation answered with this card. */
export const cardChanged = createEvent<Card>();
/** Reload what is loaded about this card (balance, transactions, trades, the list); null = every card. */
export const cardDataInvalidated = createEvent<string | null>();
export const topUpAccepted = createEvent<{ cardId: string; baseline: number }>();
/** The opened card left a transitional status (payload: the settled card). */
export const cardSettled = createEvent<Card>();

export const $openedCardId = createStore<string | null>(null)
  .on(cardOpened, (_, id) => id)
  .reset(cardClosed, apiDataReset);

sample({ clock: cardOpened, fn: (id) => ({ params: { id } }), target: [cardQuery.start, cardBalanceQuery.start] });

/** The opened card, once loaded (never another card's data). */
export const $card = combine(cardQuery.$data, $openedCardId, (card, id) => (card && card.id === id ? card : null));

export type CardState = 'pending' | 'ready' | 'notFound' | 'error';
const isMissing = (error: unknown) =>
  isApiError(error) && error.kind === 'http' && (error.code === 'CARD_NOT_FOUND' || error.code === 'NOT_FOUND' || error.code === 'VALIDATION_ERROR');

export const $cardState = combine($card, queryState(cardQuery), cardQuery.$error, (card, state, error): CardState => {
  if (card) return 'ready';
  if (state === 'error') return isMissing(error) ? 'notFound' : 'error';
  return 'pending';
});
export const $cardError = cardErrorMessageOf(cardQuery, 'errors:cards.fetchCardFailed');
/** A reload is running while the card is shown (polling). */
const $cardRefreshing = combine($card, cardQuery.$pending, (card, pending) => card !== null && pending);

export const $balance = combine(cardBalanceQuery.$data, $openedCardId, (balance, id) => (balance && balance.cardId === id ? balance : null));
export const $balanceState = queryState(cardBalanceQuery);
export const $balanceError = cardErrorMessageOf(cardBalanceQuery, 'errors:cards.fetchBalanceFailed');

// ── Answers of card operations: show them now, reload the cached copies ─────────────────────────────

type View = QueryView<unknown, unknown, unknown>;
/** The card id a card / balance view is about: its data's id, else the id it was asked for. */
const viewCardId = (view: View): string | undefined =>
  'result' in view && view.result ? (view.result as { id?: string; cardId?: string }).id ?? (view.result as { cardId?: string }).cardId : paramsId(view);

/** Puts `card` into a cards page: replaces it, or adds it on top (a new card is the newest). */
function upsertCard<P extends { items: Card[] }>(page: P, card: Card): P {
  const index = page.items.findIndex((item) => item.id === card.id);
  const items = index === -1 ? [card, ...page.items] : page.items.map((item, i) => (i === index ? card : item));
  return { ...page, items };
}

refetchOn(cardQuery, { clock: cardChanged, name: 'cards.get.answer', filter: (view, card) => viewCardId(view) === card.id, show: (_, card) => card });
refetchOn(cardsListQuery, {
  clock: cardChanged,
  name: 'cards.list.answer',
  filter: (view) => 'result' in view && view.result !== null,
  show: (view, card) => {
    const page = (view as { result: { items: Card[]; nextCursor: string | null } }).result;
    const filters = (view.params as { query?: { status?: CardStatus; form?: CardForm } } | undefined)?.query ?? {};
    // A filtered list only learns about a card through the reload.
    const fits = (!filters.status || filters.status === card.status) && (!filters.form || filters.form === card.form);
    return fits ? upsertCard(page, card) : page;
  },
});

// ── Polling while the status is transitional (or a top-up is being credited) ────────────────────────

const $topUpWatch = createStore<{ cardId: string; baseline: number; ticksLeft: number } | null>(null, { serialize: 'ignore' })
  .on(topUpAccepted, (_, { cardId, baseline }) => ({ cardId, baseline, ticksLeft: TOP_UP_WATCH_TICKS }))
  .reset(cardClosed, apiDataReset);

/** Polling runs now (tests and devtools). */
const $pollNeeded = combine(
  $card,
  $topUpWatch,
  (card, watch) => card !== null && (isTransitionalStatus(card.status) || watch?.cardId === card.id),
);

const cardPoll = createPoll({ every: CARD_POLL_INTERVAL_MS, name: 'cards.get.poll' });
const pollTick = cardPoll.tick;
sample({ clock: [sample({ clock: $pollNeeded.updates, filter: Boolean }), sample({ clock: pollTick, filter: $pollNeeded })], target: cardPoll.scheduled });
sample({ clock: [sample({ clock: $pollNeeded.updates, filter: (needed) => !needed }), cardClosed], target: cardPoll.stopped });
export const $pollRunning = cardPoll.$running;

const cardReload = sample({ clock: pollTick, source: $openedCardId, filter: Boolean });
refetchOn(cardQuery, { clock: cardReload, filter: (view, id) => viewCardId(view) === id, name: 'cards.get' });

$topUpWatch.on(pollTick, (watch) => (watch && watch.ticksLeft > 0 ? { ...watch, ticksLeft: watch.ticksLeft - 1 } : watch));

// The credited balance arrived, or we stop waiting: reload balance and history either way.
const topUpCredited = sample({
  clock: $card.updates,
  source: $topUpWatch,
  filter: (watch, card) => watch !== null && card !== null && card.id === watch.cardId && card.balance.amount !== watch.baseline,
  fn: (watch) => watch!.cardId,
});
const topUpWaitOver = sample({
  clock: $topUpWatch.updates,
  filter: (watch) => watch !== null && watch.ticksLeft === 0,
  fn: (watch) => watch!.cardId,
});
$topUpWatch.reset(topUpCredited, topUpWaitOver);
sample({ clock: [topUpCredited, topUpWaitOver], target: cardDataInvalidated });

// ── Settling ──────────────────────────────────────────────────────────────────────────────────────

const $lastSeen = createStore<{ id: string; status: Card['status'] } | null>(null, { serialize: 'ignore' }).reset(cardClosed, apiDataReset);
const cardSeen = sample({ clock: $card.updates, source: $lastSeen, fn: (last, card) => ({ last, card }) });
$lastSeen.on(cardSeen, (last, { card }) => (card ? { id: card.id, status: card.status } : last));
sample({
  clock: cardSeen,
  filter: ({ last, card }) =>
    card !== null && last !== null && last.id === card.id && isTransitionalStatus(last.status) && !isTransitionalStatus(card.status),
  fn: ({ card }) => card!,
  target: cardSettled,
});
sample({ clock: cardSettled, fn: (card) => card.id, target: cardDataInvalidated });

refetchOn(cardBalanceQuery, { clock: cardDataInvalidated, filter: (view, id) => id === null || viewCardId(view) === id, name: 'cards.balance' });
refetchOn(cardsListQuery, { clock: cardDataInvalidated, name: 'cards.list' });

// An ordered card the issuer then rejected or failed (SPEC §8 "issue" failure).
sample({
  clock: cardSettled,
  // closed / blocked are final too, but chosen by the user: no issue failure (features/card/close, card-block).
  filter: (card) => isDeadStatus(card.status) && !isEndedStatus(card.status),
  fn: (card) => ({ message: CARD_READ_FAILURES.issue, reasonCode: card.statusReason }),
  target: showCardFailureFx,
});
