import type { CardActionPlugin } from '@/entities/card';
import { BlockCardButton, BlockCardSheet } from './block-card';

/** The card screen's "Lost or stolen?" (blocked for good, with a reason). */
export const blockCardAction: CardActionPlugin = { id: 'block', when: ['block'], Control: BlockCardButton, Overlay: BlockCardSheet };
