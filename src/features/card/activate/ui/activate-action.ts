import type { CardActionPlugin } from '@/entities/card';
import { ActivateButton } from './activate-button';
import { ActivateSheet } from './activate-sheet';

/** The card screen's "Activate" (a physical card with the code from its envelope). */
export const activateCardAction: CardActionPlugin = { id: 'activate', when: ['activate'], Control: ActivateButton, wide: true, Overlay: ActivateSheet };
