import type { CardActionPlugin } from '@/entities/card';
import { TopUpButton } from './topup-button';
import { TopUpSheet } from './topup-sheet';

/** The card screen's "Top up" (from the wallet). */
export const topUpCardAction: CardActionPlugin = { id: 'topup', when: ['topup'], Control: TopUpButton, Overlay: TopUpSheet };
