/** /cards: the list is loaded (cached) on open and kept live while any card is changing status. */
import { sample } from 'effector';
import { createGate } from 'effector-react';
import { cardsListClosed, cardsListOpened } from '@/entities/card';

export const CardsPageGate = createGate({ name: 'CardsPageGate' });

sample({ clock: CardsPageGate.open, target: cardsListOpened });
sample({ clock: CardsPageGate.close, target: cardsListClosed });
