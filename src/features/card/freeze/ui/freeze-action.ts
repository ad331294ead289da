import type { CardActionPlugin } from '@/entities/card';
import { FreezeButton } from './freeze-button';

/** The card screen's "Freeze" / "Unfreeze", whichever the card allows. */
export const freezeCardAction: CardActionPlugin = { id: 'freeze', when: ['freeze', 'unfreeze'], Control: FreezeButton };
