/**
 * The transaction details sheet (issue #14 "History"), the part on the page path (light): which transaction the sheet
 * is open for, opened from a wallet history row, a card transaction row or a card's purchase row (trade), and the
 * related card opening the card screen. Loading it (./load.ts) and copying its ids (./copy.ts) are in the sheet's lazy chunk.
 */
import { createEvent, createStore, sample } from 'effector';
import { apiDataReset } from '@/shared/api';
import { routePaths } from '@/shared/config';
import { navigateFx } from '@/shared/lib';

/** Which transaction the sheet shows: a wallet row, a card transaction, or a card trade (the purchases tab). */
export type DetailsTarget =
  | { kind: 'wallet'; transactionId: string }
  | { kind: 'card'; cardId: string; transactionId: string }
  | { kind: 'trade'; cardId: string; tradeId: string };

export const transactionDetailsOpened = createEvent<DetailsTarget>();
export const transactionDetailsClosed = createEvent();
/** The related card was pressed: close the sheet and open the card screen. */
export const relatedCardPressed = createEvent<string>();

export const $target = createStore<DetailsTarget | null>(null, { serialize: 'ignore' })
  .on(transactionDetailsOpened, (_, target) => target)
  .reset(transactionDetailsClosed, relatedCardPressed, apiDataReset);
export const $detailsOpen = $target.map((target) => target !== null);

sample({ clock: relatedCardPressed, fn: (cardId) => ({ to: routePaths.card(cardId) }), target: navigateFx });
