import type { CardActionPlugin } from '@/entities/card';
import { CloseCardButton, CloseCardSheet } from './close-card';

/** The card screen's "Close card" (for good; the balance returns to the wallet). */
export const closeCardAction: CardActionPlugin = { id: 'close', when: ['close'], Control: CloseCardButton, Overlay: CloseCardSheet };
