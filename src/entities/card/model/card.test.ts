import { allSettled, fork } from 'effector';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiDataReset } from '@/shared/api';
import { fail, ok } from '@/shared/api/index.testing';
import type { Card, CardStatus } from '@/shared/contract';
import { makeCard, pageOf, useCardsFakeApi } from '../testing/fixtures';
import {
  $balance,
  $card,
  $cardState,
  $pollRunning,
  cardChanged,
  cardClosed,
  cardOpened,
  cardSettled,
  topUpAccepted,
} from './card';
import { $cards, $cardsError, $listPollNeeded, cardsListClosed, cardsListOpened } from './list';

const server = useCardsFakeApi();

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  await allSettled(apiDataReset, { scope: fork() });
});

const balanceOf = (card: Card) => ({ cardId: card.id, available: card.balance, pending: { amount: 0, currency: card.currency }, updatedAt: card.updatedAt });

/** The server's card goes through `statuses`, one per GET. */
function serveStatuses(statuses: CardStatus[], extra: Partial<Card> = {}) {
  const seen: CardStatus[] = [];
  server.on('GET', '/api/cards/crd_1', () => {
    const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
    seen.push(status);
    return ok(makeCard({ status, allowedActions: status === 'active' ? ['freeze', 'topup', 'reveal'] : [], ...extra }));
  });
  server.on('GET', '/api/cards/crd_1/balance', () => ok(balanceOf(makeCard(extra))));
  return seen;
}

const cardGets = () => server.callsTo('GET', '/api/cards/crd_1').length;

describe('the opened card', () => {
  it('polls a transitional card every 2 s and stops as soon as it settles', async () => {
    const seen = serveStatuses(['pending', 'processing', 'processing', 'active']);
    const scope = fork();
    const settled = vi.fn();
    const unwatch = cardSettled.watch(settled);

    // allSettled resolves only when nothing is left running: i.e. once polling stopped by itself.
    const run = allSettled(cardOpened, { scope, params: 'crd_1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($card)?.status).toBe('pending');
    expect(scope.getState($pollRunning)).toBe(true);

    await vi.advanceTimersByTimeAsync(2_000);
    expect(scope.getState($card)?.status).toBe('processing');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(scope.getState($card)?.status).toBe('processing');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(scope.getState($card)?.status).toBe('active');
    expect(scope.getState($pollRunning)).toBe(false);
    await run;

    expect(seen).toEqual(['pending', 'processing', 'processing', 'active']);
    const gets = cardGets();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(cardGets()).toBe(gets); // no more polling once settled
    expect(settled).toHaveBeenCalledTimes(1);
    unwatch();
  });

  it('does not poll a settled card', async () => {
    serveStatuses(['active']);
    const scope = fork();
    await allSettled(cardOpened, { scope, params: 'crd_1' });
    expect(scope.getState($cardState)).toBe('ready');
    expect(scope.getState($pollRunning)).toBe(false);
    expect(scope.getState($balance)?.available.amount).toBe(5_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(cardGets()).toBe(1);
  });

  it('stops polling when the page is left', async () => {
    serveStatuses(['fabricating']);
    const scope = fork();
    const run = allSettled(cardOpened, { scope, params: 'crd_1' });
    await vi.advanceTimersByTimeAsync(4_100);
    expect(scope.getState($pollRunning)).toBe(true);
    const gets = cardGets();
    expect(gets).toBe(3);

    await allSettled(cardClosed, { scope });
    await run;
    expect(scope.getState($pollRunning)).toBe(false);
    expect(scope.getState($card)).toBeNull();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(cardGets()).toBe(gets);
  });

  it('says "not found" for an unknown card', async () => {
    server.on('GET', '/api/cards/crd_x', () => fail(404, { service: 'cards', code: 'CARD_NOT_FOUND', message: 'No such card' }));
    server.on('GET', '/api/cards/crd_x/balance', () => fail(404, { service: 'cards', code: 'CARD_NOT_FOUND', message: 'No such card' }));
    const scope = fork();
    await allSettled(cardOpened, { scope, params: 'crd_x' });
    expect(scope.getState($cardState)).toBe('notFound');
  });
});

describe('the cards list error', () => {
  it('explains a server code with the cards texts first, then the shared ones, then "Failed to fetch cards", then the general one', async () => {
    server.on('GET', '/api/cards', () => fail(503, { service: 'api', code: 'UPSTREAM_UNAVAILABLE', message: 'issuer down' }));
    const scope = fork();
    const run = allSettled(cardsListOpened, { scope });
    await vi.runAllTimersAsync(); // the query's 3 retries
    await run;
    expect(scope.getState($cardsError)?.keys).toEqual(['card:codes.UPSTREAM_UNAVAILABLE', 'error-codes:UPSTREAM_UNAVAILABLE', 'errors:cards.fetchCardsFailed', 'errors:general.error']);
  });
});

describe('answers of card operations', () => {
  it('shows the answered card at once (detail and list), then polls it until it settles', async () => {
    const statuses: CardStatus[] = ['active'];
    server.on('GET', '/api/cards/crd_1', () => ok(makeCard({ status: statuses[0]!, allowedActions: statuses[0] === 'frozen' ? ['unfreeze', 'reveal'] : [] })));
    server.on('GET', '/api/cards/crd_1/balance', () => ok(balanceOf(makeCard())));
    server.on('GET', '/api/cards', () => ok(pageOf([makeCard({ status: statuses[0]! })])));
    const scope = fork();
    await allSettled(cardsListOpened, { scope });
    await allSettled(cardOpened, { scope, params: 'crd_1' });

    // PATCH answered "freezing"; the server has it as "freezing" too.
    statuses[0] = 'freezing';
    const run = allSettled(cardChanged, { scope, params: makeCard({ status: 'freezing', allowedActions: [] }) });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($card)?.status).toBe('freezing');
    expect(scope.getState($cards)[0]?.status).toBe('freezing');
    expect(scope.getState($pollRunning)).toBe(true);

    statuses[0] = 'frozen';
    await vi.advanceTimersByTimeAsync(2_000);
    await run;
    expect(scope.getState($card)?.status).toBe('frozen');
    expect(scope.getState($pollRunning)).toBe(false);
    // The list was reloaded when the card settled.
    expect(scope.getState($cards)[0]?.status).toBe('frozen');
  });

  it('a new card is added on top of the loaded list', async () => {
    server.on('GET', '/api/cards', () => ok(pageOf([makeCard({ id: 'crd_old' })])));
    const scope = fork();
    await allSettled(cardsListOpened, { scope });
    server.on('GET', '/api/cards', () => ok(pageOf([makeCard({ id: 'crd_new', status: 'pending', allowedActions: [] }), makeCard({ id: 'crd_old' })])));
    const run = allSettled(cardChanged, { scope, params: makeCard({ id: 'crd_new', status: 'pending', allowedActions: [] }) });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($cards).map((card) => card.id)).toEqual(['crd_new', 'crd_old']);
    await allSettled(cardsListClosed, { scope });
    await run;
  });

  it('after a top-up, polls until the balance changes, then reloads the balance', async () => {
    let balance = 5_000;
    server.on('GET', '/api/cards/crd_1', () => ok(makeCard({ balance: { amount: balance, currency: 'USD' } })));
    server.on('GET', '/api/cards/crd_1/balance', () => ok(balanceOf(makeCard({ balance: { amount: balance, currency: 'USD' } }))));
    const scope = fork();
    await allSettled(cardOpened, { scope, params: 'crd_1' });
    expect(scope.getState($pollRunning)).toBe(false);

    const run = allSettled(topUpAccepted, { scope, params: { cardId: 'crd_1', baseline: 5_000 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($pollRunning)).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(scope.getState($pollRunning)).toBe(true); // not credited yet

    balance = 7_500;
    await vi.advanceTimersByTimeAsync(2_000);
    await run;
    expect(scope.getState($card)?.balance.amount).toBe(7_500);
    expect(scope.getState($balance)?.available.amount).toBe(7_500);
    expect(scope.getState($pollRunning)).toBe(false);
  });

  it('gives up waiting for a top-up after 15 polls', async () => {
    serveStatuses(['active']);
    const scope = fork();
    await allSettled(cardOpened, { scope, params: 'crd_1' });
    const run = allSettled(topUpAccepted, { scope, params: { cardId: 'crd_1', baseline: 5_000 } });
    await vi.advanceTimersByTimeAsync(30_000 + 100);
    await run;
    expect(scope.getState($pollRunning)).toBe(false);
    expect(cardGets()).toBe(1 + 15);
  });
});

describe('the cards list', () => {
  it('polls while a card on it is changing, and stops when they settle or the list is left', async () => {
    const statuses: CardStatus[] = ['processing', 'active'];
    server.on('GET', '/api/cards', () => ok(pageOf([makeCard({ id: 'crd_a', status: statuses.length > 1 ? statuses.shift()! : statuses[0]! }), makeCard({ id: 'crd_b' })])));
    const scope = fork();
    const run = allSettled(cardsListOpened, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($listPollNeeded)).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    await run;
    expect(scope.getState($cards).map((card) => card.status)).toEqual(['active', 'active']);
    expect(scope.getState($listPollNeeded)).toBe(false);
    const calls = server.callsTo('GET', '/api/cards').length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.callsTo('GET', '/api/cards').length).toBe(calls);
  });
});
