/**
 * Loading the open transaction (GET /api/wallet/transactions/{id}, /api/cards/{id}/transactions/{id} or
 * /api/cards/{id}/trades/{tradeId}), in the sheet's lazy chunk. Every open asks the server (the cached answer shows
 * meanwhile: a pending transaction may have settled). The first open can come before this chunk is there: the sheet's
 * mount (`detailsSheetMounted`) then starts the load.
 */
import { combine, createEvent, sample } from 'effector';
import { createApiQuery, createRefetch, errorMessageOf, queryState } from '@/shared/api';
import { cardsTradeGet, cardsTransactionGet, walletTransactionGet } from '@/shared/contract';
import type { TransactionDetails } from '../lib/details-view';
import { $target, transactionDetailsOpened, type DetailsTarget } from './details';
import { transactionDetailsTexts } from '../i18n/texts';

export const LOAD_FAILED_KEY = `${transactionDetailsTexts.ns}:errors.loadFailed`;

/** "Try again" after a failed load: asks the server again. */
export const transactionDetailsRetried = createEvent();
/** The sheet's content mounted (its chunk arrived). */
export const detailsSheetMounted = createEvent();

const walletDetailsQuery = createApiQuery(walletTransactionGet, { name: 'wallet.transactionGet' });
const cardDetailsQuery = createApiQuery(cardsTransactionGet, { name: 'cards.transactionGet' });
const walletRefetch = createRefetch(walletDetailsQuery, 'wallet.transactionGet');
const cardRefetch = createRefetch(cardDetailsQuery, 'cards.transactionGet');
const tradeDetailsQuery = createApiQuery(cardsTradeGet, { name: 'cards.tradeGet' });
const tradeRefetch = createRefetch(tradeDetailsQuery, 'cards.tradeGet');

type Of<K extends DetailsTarget['kind']> = Extract<DetailsTarget, { kind: K }>;
const walletParams = (target: Of<'wallet'>) => ({ params: { transactionId: target.transactionId } });
const cardParams = (target: Of<'card'>) => ({ params: { id: target.cardId, transactionId: target.transactionId } });
const tradeParams = (target: Of<'trade'>) => ({ params: { id: target.cardId, tradeId: target.tradeId } });

/** The details of the transaction the sheet is open for (never another one's, still cached from before). */
export const $details = combine(
  $target,
  walletDetailsQuery.$data,
  cardDetailsQuery.$data,
  tradeDetailsQuery.$data,
  (target, wallet, card, trade): TransactionDetails | null => {
    if (!target) return null;
    if (target.kind === 'wallet') return wallet && wallet.transaction.id === target.transactionId ? { kind: 'wallet', data: wallet } : null;
    if (target.kind === 'trade') return trade && trade.trade.id === target.tradeId && trade.card.id === target.cardId ? { kind: 'trade', data: trade } : null;
    return card && card.transaction.id === target.transactionId && card.card.id === target.cardId ? { kind: 'card', data: card } : null;
  },
);
const $loading = combine(walletDetailsQuery.$pending, cardDetailsQuery.$pending, tradeDetailsQuery.$pending, (a, b, c) => a || b || c);

const mountedWithNothing = sample({ clock: detailsSheetMounted, source: { details: $details, loading: $loading }, filter: ({ details, loading }) => !details && !loading });
const show = sample({ clock: [transactionDetailsOpened, transactionDetailsRetried, mountedWithNothing], source: $target });
sample({ clock: show, filter: (target) => target?.kind === 'wallet', fn: (target) => walletParams(target as Of<'wallet'>), target: walletRefetch });
sample({ clock: show, filter: (target) => target?.kind === 'card', fn: (target) => cardParams(target as Of<'card'>), target: cardRefetch });
sample({ clock: show, filter: (target) => target?.kind === 'trade', fn: (target) => tradeParams(target as Of<'trade'>), target: tradeRefetch });

const walletState = queryState(walletDetailsQuery);
const cardState = queryState(cardDetailsQuery);
const walletError = errorMessageOf(walletDetailsQuery, LOAD_FAILED_KEY);
const cardError = errorMessageOf(cardDetailsQuery, LOAD_FAILED_KEY);
const tradeState = queryState(tradeDetailsQuery);
const tradeError = errorMessageOf(tradeDetailsQuery, LOAD_FAILED_KEY);
const pick = <A, B, C>(target: DetailsTarget | null, wallet: A, card: B, trade: C) => (target?.kind === 'card' ? card : target?.kind === 'trade' ? trade : wallet);
/** SPEC §4 query state of the open sheet's query. */
export const $detailsState = combine($target, walletState, cardState, tradeState, pick);
export const $detailsError = combine($target, walletError, cardError, tradeError, pick);
