import { useUnit } from 'effector-react';
import type { CardActionPlugin } from '@/entities/card';
import type { Card } from '@/shared/contract';
import { $revealed } from '../model/reveal';
import { RevealButton, RevealDialog, RevealPanel } from './reveal';

/** The card's full number on its face while its data is shown. */
const useRevealedNumber = (card: Card): string | undefined => {
  const revealed = useUnit($revealed);
  return revealed && revealed.cardId === card.id ? revealed.number : undefined;
};

/** The card screen's "Show details": the card data, decrypted in the browser for a short while. */
export const revealCardAction: CardActionPlugin = {
  id: 'reveal',
  when: ['reveal'],
  Control: RevealButton,
  Overlay: RevealDialog,
  Details: RevealPanel,
  useFaceNumber: useRevealedNumber,
};
