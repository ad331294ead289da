/**
 * Money out of a card (issue #14, docs/cards.md "Card lifecycle"): a withdrawal and the sweep when a card is closed
 * or blocked are the same movement — card account → the wallet of the card currency — as ONE balanced ledger
 * transaction of the wallet-visible type `cardTransfer` (a credit to the wallet), plus a `withdrawal` row in the
 * card's own history. The caller holds the card row locked (lock order: card, then ledger accounts).
 */
import type { Queryable } from '../../db/db';
import { accountIds, getWalletAccount, postTransaction } from '../ledger';
import { cardBalance } from './money';
import { newId, type CardRow } from './store';

export interface WithdrawalRow extends Record<string, unknown> {
  id: string;
  card_id: string;
  user_id: string;
  request_key: string | null;
  reason: 'withdraw' | 'close' | 'block';
  amount: number;
  currency: CardRow['currency'];
  ledger_transaction_id: string;
  created_at: Date;
}

/** Moves `amount` (> 0, at most the card balance: the caller checked it) from the card to the wallet. */
export const moveCardToWallet = async (
  q: Queryable,
  card: CardRow,
  move: { amount: number; reason: WithdrawalRow['reason']; requestKey: string | null; ledgerKey?: string },
  now: Date,
): Promise<WithdrawalRow> => {
  const id = newId('cwd');
  const wallet = await getWalletAccount(q, card.user_id, card.currency, now);
  const posted = await postTransaction(q, {
    type: 'cardTransfer',
    userId: card.user_id,
    // A sweep happens once per card; a withdrawal once per request (its row is found by request key before this).
    idempotencyKey: move.ledgerKey ?? `card-withdrawal:${id}`,
    details: { cardId: card.id, cardLast4: card.last4, transferId: id, direction: 'toWallet', reason: move.reason },
    entries: [
      { accountId: accountIds.card(card.id), amount: -move.amount },
      { accountId: wallet.id, amount: move.amount },
    ],
    now,
  });
  const [row] = await q.query<WithdrawalRow>(
    `INSERT INTO card_withdrawals (id, card_id, user_id, request_key, reason, amount, currency, ledger_transaction_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
    [id, card.id, card.user_id, move.requestKey, move.reason, move.amount, card.currency, posted.transactionId, now],
  );
  await q.query(
    `INSERT INTO card_transactions (id, card_id, source_key, type, direction, amount, currency, status, wallet_transaction_id, created_at, updated_at)
     VALUES ($1, $2, $3, 'withdrawal', 'debit', $4, $5, 'completed', $6, $7, $7)`,
    [newId('ctx'), card.id, `withdrawal:${id}`, move.amount, card.currency, posted.transactionId, now],
  );
  return row!;
};

/** A closed or blocked card: whatever it still holds goes back to the wallet (nothing when empty). */
export const sweepCardToWallet = async (q: Queryable, card: CardRow, reason: 'close' | 'block', now: Date): Promise<WithdrawalRow | null> => {
  const balance = await cardBalance(q, card.id);
  if (balance <= 0) return null;
  return moveCardToWallet(q, card, { amount: balance, reason, requestKey: null, ledgerKey: `card:${card.id}:sweep` }, now);
};

/** A top-up loaded onto a card that is already closed or blocked: its amount goes on to the wallet (once per top-up). */
export const sweepLateTopup = async (q: Queryable, card: CardRow, topupId: string, amount: number, now: Date): Promise<WithdrawalRow> =>
  moveCardToWallet(q, card, { amount, reason: card.status === 'blocked' ? 'block' : 'close', requestKey: null, ledgerKey: `card-topup:${topupId}:sweep` }, now);
