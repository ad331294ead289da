/**
 * The transaction details sheet (issue #14 "History"): opened from a wallet history row or a card transaction row,
 * it loads that one transaction (GET /api/wallet/transactions/{id} or /api/cards/{id}/transactions/{id}) and shows
 * it; ids are copied with a toast and a haptic tick; the related card opens the card screen.
 */
import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { copyTextToClipboard } from '@/entities/referral';
import { apiDataReset, createApiQuery, createRefetch, errorMessageOf, queryState } from '@/shared/api';
import { routePaths } from '@/shared/config';
import { cardsTransactionGet, walletTransactionGet } from '@/shared/contract';
import { i18n } from '@/shared/i18n';
import { navigateFx } from '@/shared/lib';
import { haptic } from '@/shared/platform';
import { notify } from '@/shared/ui';
import type { IdKind, TransactionDetails } from '../lib/details-view';

/** Which transaction the sheet shows. */
export type DetailsTarget = { kind: 'wallet'; transactionId: string } | { kind: 'card'; cardId: string; transactionId: string };

export const LOAD_FAILED_KEY = 'transaction-details:errors.loadFailed';
export const COPY_FAILED_KEY = 'errors:referral.copyFailed';

export const transactionDetailsOpened = createEvent<DetailsTarget>();
export const transactionDetailsClosed = createEvent();
/** "Try again" after a failed load: asks the server again. */
export const transactionDetailsRetried = createEvent();
/** A copy button next to an id. */
export const idCopyRequested = createEvent<{ kind: IdKind; value: string }>();
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

// ── Copy an id ─────────────────────────────────────────────────────────────────────────────────────

export const copyIdFx = createEffect(({ value }: { kind: IdKind; value: string }) => copyTextToClipboard(value));
/** The id last copied (its button says "Copied" while the sheet shows it). */
export const $copiedId = createStore<IdKind | null>(null, { serialize: 'ignore' })
  .on(copyIdFx.done, (_, { params }) => params.kind)
  .reset(copyIdFx.fail, transactionDetailsOpened, transactionDetailsClosed);

/** Toast + haptic; replaceable in tests (`fork({ handlers: [[copyFeedbackFx, spy]] })`). */
export const copyFeedbackFx = createEffect((result: { ok: boolean; kind: IdKind }) => {
  if (result.ok) {
    haptic.notification('success');
    void notify.success(i18n.t('transaction-details:copy.copied', { what: i18n.t(`transaction-details:ids.${result.kind}`) }));
  } else {
    haptic.notification('error');
    void notify.error(i18n.t(COPY_FAILED_KEY));
  }
});

sample({ clock: idCopyRequested, filter: ({ value }) => value.length > 0, target: copyIdFx });
sample({ clock: copyIdFx.done, fn: ({ params }) => ({ ok: true, kind: params.kind }), target: copyFeedbackFx });
sample({ clock: copyIdFx.fail, fn: ({ params }) => ({ ok: false, kind: params.kind }), target: copyFeedbackFx });

// ── The related card ──────────────────────────────────────────────────────────────────────────────

sample({ clock: relatedCardPressed, fn: (cardId) => ({ to: routePaths.card(cardId) }), target: navigateFx });
