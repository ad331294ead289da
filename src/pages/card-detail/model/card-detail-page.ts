/**
 * /cards/:cardId: opens the card (data, balance, live status); leaving closes it. The card's sheets (reveal,
 * top-up, activation) and its history reset themselves on the card entity's `cardOpened` / `cardClosed`.
 */
import { sample } from 'effector';
import { cardClosed, cardOpened } from '@/entities/card';
import { createPageLifecycle } from '@/shared/lib';

export const cardDetailPage = createPageLifecycle<{ cardId: string }>('cardDetailPage');

sample({ clock: cardDetailPage.opened, filter: ({ cardId }) => cardId !== '', fn: ({ cardId }) => cardId, target: cardOpened });
sample({ clock: cardDetailPage.closed, target: cardClosed });
