import type { CardActionPlugin } from '@/entities/card';
import { WithdrawButton, WithdrawSheet } from './withdraw-sheet';

/** The card screen's "To wallet" (money back from the card). */
export const withdrawCardAction: CardActionPlugin = { id: 'withdraw', when: ['withdraw'], Control: WithdrawButton, Overlay: WithdrawSheet };
