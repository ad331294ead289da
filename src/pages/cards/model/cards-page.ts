/** /cards: the list is loaded (cached) on open and kept live while any card is changing status. */
import { sample } from 'effector';
import { cardsListClosed, cardsListOpened } from '@/entities/card';
import { createPageLifecycle } from '@/shared/lib';

export const cardsPage = createPageLifecycle('cardsPage');

sample({ clock: cardsPage.opened, target: cardsListOpened });
sample({ clock: cardsPage.closed, target: cardsListClosed });
