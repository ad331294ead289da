/**
 * Move money from a card back to the wallet (client feature card-withdraw): ONE ledger transaction card → wallet,
 * at most what the card holds, once per Idempotency-Key. No issuer round trip: the program authorises every purchase
 * against this ledger balance (events.ts "trade"), so the money is ours to move (docs/cards.md "Card lifecycle").
 */
import type { cardsWithdraw, WithdrawResult } from '@/shared/contract/card-lifecycle';
import { catalogError } from '../../../http/errors';
import { runLedgerTx } from '../../ledger';
import { moveCardToWallet, type WithdrawalRow } from '../lifecycle-money';
import { cardBalance } from '../money';
import { checkAction } from '../status-machine';
import { ownedCard } from '../store';
import { cardView, conflict, type CardsRequest } from './shared';
import { formatMoney } from '@/shared/money';

export const withdrawFromCard = async ({ db, clock, user, params, body, idempotencyKey: requestKey, lang }: CardsRequest<typeof cardsWithdraw>): Promise<WithdrawResult> => {
  const { card, withdrawal } = await runLedgerTx(db, async (q) => {
    const now = clock.now();
    const card = await ownedCard(q, user.userId, params.id, true); // every card money movement locks the card row first
    const [existing] = await q.query<WithdrawalRow>('SELECT * FROM card_withdrawals WHERE card_id = $1 AND request_key = $2', [card.id, requestKey]);
    if (existing) return { card, withdrawal: existing };
    const check = checkAction(card, 'withdraw');
    if (!check.ok) throw conflict(check.message);
    const balance = await cardBalance(q, card.id);
    if (body.amount > balance) {
      const text = `The card holds ${formatMoney({ amount: balance, currency: card.currency }, 'en')}; you can withdraw at most that.`;
      throw catalogError('CARD_BALANCE_EXCEEDED', text, { fields: { amount: text } });
    }
    return { card, withdrawal: await moveCardToWallet(q, card, { amount: body.amount, reason: 'withdraw', requestKey }, now) };
  });
  return {
    card: await cardView(db, card, lang),
    withdrawal: {
      id: withdrawal.id,
      amount: { amount: Number(withdrawal.amount), currency: withdrawal.currency },
      status: 'completed',
      createdAt: withdrawal.created_at.toISOString(),
    },
  };
};
