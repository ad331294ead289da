import type { CardActionPlugin } from '@/entities/card';
import { ReplaceCardOffer } from './replace-offer';

/** Under a blocked card's status: "Order a replacement" (free, on the same product). */
export const replaceCardAction: CardActionPlugin = { id: 'replace', when: ['replace'], slot: 'status', Control: ReplaceCardOffer };
