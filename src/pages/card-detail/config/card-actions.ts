import { activateCardAction } from '@/features/card/activate';
import { blockCardAction } from '@/features/card/block';
import { closeCardAction } from '@/features/card/close';
import { freezeCardAction } from '@/features/card/freeze';
import { replaceCardAction } from '@/features/card/replace';
import { revealCardAction } from '@/features/card/reveal';
import { topUpCardAction } from '@/features/card/topup';
import { withdrawCardAction } from '@/features/card/withdraw';
import type { CardActionPlugin } from '@/entities/card';

/**
 * The card screen's actions, in the order of its action row (the card panel shows those the card's state allows): a
 * new card action is its feature slice plus one line here.
 */
export const cardActions: readonly CardActionPlugin[] = [
  activateCardAction,
  topUpCardAction,
  withdrawCardAction,
  freezeCardAction,
  revealCardAction,
  blockCardAction,
  closeCardAction,
  replaceCardAction,
];
