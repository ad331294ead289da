/** Support blocks a card for good as lost or stolen, on the user's behalf. */
import { opsCardsBlock } from '@/shared/contract/ops';
import { createConsoleAction } from '@/ops/shared/api';

export const blockCard = createConsoleAction<typeof opsCardsBlock, { cardId: string; label: string }>(opsCardsBlock, {
  name: 'ops.cards.block',
  successKey: 'ops-users:cards.blocked',
});
