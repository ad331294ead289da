/**
 * The transaction details sheet (issue #14 "History"): opened from a wallet history row or a card transaction row,
 * it loads that one transaction (GET /api/wallet/transactions/{id} or /api/cards/{id}/transactions/{id}) and shows
 * it; the related card opens the card screen. On the page path (light); copying ids is ./copy.ts, in the sheet's
 * lazy chunk.
 */
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { apiDataReset, createApiQuery, createRefetch, errorMessageOf, queryState } from '@/shared/api';
import { routePaths } from '@/shared/config';
import { cardsTransactionGet, walletTransactionGet } from '@/shared/contract';
import { navigateFx } from '@/shared/lib';
import type { TransactionDetails } from '../lib/details-view';

/** Which transaction the sheet shows. */
export type DetailsTarget = { kind: 'wallet'; transactionId: string } | { kind: 'card'; cardId: string; transactionId: string };

export const LOAD_FAILED_KEY = 'transaction-details:errors.loadFailed';

export const transactionDetailsOpened = createEvent<DetailsTarget>();
export const transactionDetailsClosed = createEvent();
/** "Try again" after a failed load: asks the server again. */
export const transactionDetailsRetried = createEvent();
/** The related card was pressed: close the sheet and open the card screen. */
export const relatedCardPressed = createEvent<string>();

export const walletDetailsQuery = createApiQuery(walletTransactionGet, { name: 'wallet.transactionGet' });
export const cardDetailsQuery = createApiQuery(cardsTransactionGet, { name: 'cards.transactionGet' });
const walletRefetch = createRefetch(walletDetailsQuery, 'wallet.transactionGet');
const cardRefetch = createRefetch(cardDetailsQuery, 'cards.transactionGet');

export const $target = createStore<DetailsTarget | null>(null, { serialize: 'ignore' })
  .on(transactionDetailsOpened, (_, target) => target)
  .reset(transactionDetailsClosed, relatedCardPressed, apiDataReset);
export const $detailsOpen = $target.map((target) => target !== null);

const walletParams = (target: DetailsTarget) => ({ params: { transactionId: target.transactionId } });
const cardParams = (target: DetailsTarget & { kind: 'card' }) => ({ params: { id: target.cardId, transactionId: target.transactionId } });

// Opening asks the server (the cached answer shows meanwhile): a pending transaction may have settled since.
const show = sample({ clock: [transactionDetailsOpened, transactionDetailsRetried], source: $target });
sample({ clock: show, filter: (target) => target?.kind === 'wallet', fn: (target) => walletParams(target!), target: walletRefetch });
sample({
  clock: show,
  filter: (target) => target?.kind === 'card',
  fn: (target) => cardParams(target as DetailsTarget & { kind: 'card' }),
  target: cardRefetch,
});

/** The details of the transaction the sheet is open for (never another one's, still cached from before). */
export const $details = combine($target, walletDetailsQuery.$data, cardDetailsQuery.$data, (target, wallet, card): TransactionDetails | null => {
  if (!target) return null;
  if (target.kind === 'wallet') return wallet && wallet.transaction.id === target.transactionId ? { kind: 'wallet', data: wallet } : null;
  return card && card.transaction.id === target.transactionId && card.card.id === target.cardId ? { kind: 'card', data: card } : null;
});

const walletState = queryState(walletDetailsQuery);
const cardState = queryState(cardDetailsQuery);
const walletError = errorMessageOf(walletDetailsQuery, LOAD_FAILED_KEY);
const cardError = errorMessageOf(cardDetailsQuery, LOAD_FAILED_KEY);
/** SPEC §4 query state of the open sheet's query. */
export const $detailsState = combine($target, walletState, cardState, (target, wallet, card) => (target?.kind === 'card' ? card : wallet));
export const $detailsError = combine($target, walletError, cardError, (target, wallet, card) => (target?.kind === 'card' ? card : wallet));

// ── The related card ──────────────────────────────────────────────────────────────────────────────

sample({ clock: relatedCardPressed, fn: (cardId) => ({ to: routePaths.card(cardId) }), target: navigateFx });
