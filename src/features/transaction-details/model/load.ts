/**
 * Loading the open transaction (GET /api/wallet/transactions/{id} or /api/cards/{id}/transactions/{id}), in the
 * sheet's lazy chunk. Every open asks the server (the cached answer shows meanwhile: a pending transaction may have
 * settled). The first open can come before this chunk is there: the sheet's mount (`detailsSheetMounted`) then starts
 * the load.
 */
import { combine, createEvent, sample } from 'effector';
import { createApiQuery, createRefetch, errorMessageOf, queryState } from '@/shared/api';
import { cardsTransactionGet, walletTransactionGet } from '@/shared/contract';
import type { TransactionDetails } from '../lib/details-view';
import { $target, transactionDetailsOpened, type DetailsTarget } from './details';

export const LOAD_FAILED_KEY = 'transaction-details:errors.loadFailed';

/** "Try again" after a failed load: asks the server again. */
export const transactionDetailsRetried = createEvent();
/** The sheet's content mounted (its chunk arrived). */
export const detailsSheetMounted = createEvent();

export const walletDetailsQuery = createApiQuery(walletTransactionGet, { name: 'wallet.transactionGet' });
export const cardDetailsQuery = createApiQuery(cardsTransactionGet, { name: 'cards.transactionGet' });
const walletRefetch = createRefetch(walletDetailsQuery, 'wallet.transactionGet');
const cardRefetch = createRefetch(cardDetailsQuery, 'cards.transactionGet');

const walletParams = (target: DetailsTarget) => ({ params: { transactionId: target.transactionId } });
const cardParams = (target: DetailsTarget & { kind: 'card' }) => ({ params: { id: target.cardId, transactionId: target.transactionId } });

/** The details of the transaction the sheet is open for (never another one's, still cached from before). */
export const $details = combine($target, walletDetailsQuery.$data, cardDetailsQuery.$data, (target, wallet, card): TransactionDetails | null => {
  if (!target) return null;
  if (target.kind === 'wallet') return wallet && wallet.transaction.id === target.transactionId ? { kind: 'wallet', data: wallet } : null;
  return card && card.transaction.id === target.transactionId && card.card.id === target.cardId ? { kind: 'card', data: card } : null;
});
const $loading = combine(walletDetailsQuery.$pending, cardDetailsQuery.$pending, (a, b) => a || b);

const mountedWithNothing = sample({ clock: detailsSheetMounted, source: { details: $details, loading: $loading }, filter: ({ details, loading }) => !details && !loading });
const show = sample({ clock: [transactionDetailsOpened, transactionDetailsRetried, mountedWithNothing], source: $target });
sample({ clock: show, filter: (target) => target?.kind === 'wallet', fn: (target) => walletParams(target!), target: walletRefetch });
sample({
  clock: show,
  filter: (target) => target?.kind === 'card',
  fn: (target) => cardParams(target as DetailsTarget & { kind: 'card' }),
  target: cardRefetch,
});

const walletState = queryState(walletDetailsQuery);
const cardState = queryState(cardDetailsQuery);
const walletError = errorMessageOf(walletDetailsQuery, LOAD_FAILED_KEY);
const cardError = errorMessageOf(cardDetailsQuery, LOAD_FAILED_KEY);
/** SPEC §4 query state of the open sheet's query. */
export const $detailsState = combine($target, walletState, cardState, (target, wallet, card) => (target?.kind === 'card' ? card : wallet));
export const $detailsError = combine($target, walletError, cardError, (target, wallet, card) => (target?.kind === 'card' ? card : wallet));
