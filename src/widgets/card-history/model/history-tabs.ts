/** Which list the card screen shows (transactions or trades); switching loads it for the card. */
import { createEvent, createStore, sample } from 'effector';
import { cardOpened, cardTrades, cardTransactions } from '@/entities/card';

export type HistoryTab = 'transactions' | 'trades';

/** The card screen opened for this card (first tab loads). */
const historyOpened = createEvent<string>();
export const tabChanged = createEvent<HistoryTab>();
// The card screen opens a card: its history starts on the first tab.
sample({ clock: cardOpened, target: historyOpened });

const $cardId = createStore<string | null>(null).on(historyOpened, (_, id) => id);
export const $tab = createStore<HistoryTab>('transactions').on(tabChanged, (_, tab) => tab).reset(historyOpened);

const show = sample({
  clock: [historyOpened, tabChanged],
  source: { cardId: $cardId, tab: $tab },
  filter: ({ cardId }) => cardId !== null,
  fn: ({ cardId, tab }) => ({ cardId: cardId!, tab }),
});
sample({ clock: show, filter: ({ tab }) => tab === 'transactions', fn: ({ cardId }) => cardId, target: cardTransactions.opened });
sample({ clock: show, filter: ({ tab }) => tab === 'trades', fn: ({ cardId }) => cardId, target: cardTrades.opened });
