/**
 * /cards/:cardId: opens the card (data, balance, live status) and its history; closes every sheet and
 * hides revealed data when the screen is left or another card is opened.
 */
import { sample } from 'effector';
import { createGate } from 'effector-react';
import { cardClosed, cardOpened } from '@/entities/card';
import { activateClosed } from '@/features/card-activate';
import { revealClosed } from '@/features/card-reveal';
import { topUpClosed } from '@/features/card-topup';
import { historyOpened } from '@/widgets/card-history';

export const CardDetailGate = createGate<{ cardId: string }>({ name: 'CardDetailGate', defaultState: { cardId: '' } });

// The gate's state is set on mount and whenever the route's card id changes (it resets on unmount).
const opened = sample({ clock: CardDetailGate.state.updates, filter: (props) => props.cardId !== '', fn: (props) => props.cardId });

sample({ clock: opened, target: [revealClosed, topUpClosed, activateClosed] });
sample({ clock: opened, target: [cardOpened, historyOpened] });
sample({ clock: CardDetailGate.close, target: [cardClosed, revealClosed, topUpClosed, activateClosed] });
