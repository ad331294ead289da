/**
 * POST /api/transfers: money to another user of the app, at once, in ONE ledger transaction (sender's wallet → the
 * recipient's wallet, same currency, no fee), exactly once per Idempotency-Key (claimed and completed inside that
 * transaction). Paying a payment request is the same transfer with the request locked and marked paid in it: paid at
 * most once. docs/transfers.md "Transfers between users".
 */
import type { Money, SendTransferBody, Transfer, transfersSend } from '@/shared/contract';
import { formatMoney } from '@/shared/money';
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { catalogError } from '../../http/errors';
import { accountIds, ensureWalletAccounts, insufficientFunds, postTransaction, runLedgerTx, UnknownLedgerAccountsError } from '../ledger';
import { notifyUser } from '../notifications';
import { sentLast24h } from './limits';
import { recipientByPayCode, recipientUnavailable } from './profile';
import { lockOpenRequest, markRequestPaid } from './requests';
import { maskedName, paymentProfile, type TransfersRequest } from './shared';

/** Money in a refusal's English message, as the app writes it (the money kernel's one formatter). */
const text = (money: Money) => formatMoney(money, 'en');

interface TransferRow extends Record<string, unknown> {
  id: string;
  sender_id: string;
  recipient_id: string;
  sender_name: string;
  recipient_name: string;
  amount: number;
  currency: 'USD' | 'RUB';
  note: string | null;
  request_id: string | null;
  transaction_id: string;
  created_at: Date;
}

/** A transfer row as the contract's Transfer, seen by `userId` (the sender or the recipient). */
const toTransfer = (row: TransferRow, userId: string): Transfer => {
  const sent = row.sender_id === userId;
  return {
    id: row.id,
    direction: sent ? 'sent' : 'received',
    counterpartyName: sent ? row.recipient_name : row.sender_name,
    amount: { amount: Number(row.amount), currency: row.currency },
    note: row.note,
    requestId: row.request_id,
    status: 'completed',
    transactionId: row.transaction_id,
    createdAt: row.created_at.toISOString(),
  };
};

const newTransferId = (): string => `p2p_${randomBytes(12).toString('base64url')}`;

/** The checks a transfer's amount must pass: the minimum, the per-transfer maximum, the rolling 24-hour limit. */
const checkLimits = async (q: Queryable, ctx: Pick<TransfersRequest<typeof transfersSend>, 'settings'>, userId: string, amount: Money, now: Date) => {
  const limit = ctx.settings.limits[amount.currency];
  if (amount.amount < limit.min) {
    const message = `The smallest transfer is ${text({ amount: limit.min, currency: amount.currency })}.`;
    throw catalogError('AMOUNT_BELOW_MINIMUM', message, { fields: { amount: message } });
  }
  if (amount.amount > limit.maxPerTransfer) {
    const message = `One transfer can be at most ${text({ amount: limit.maxPerTransfer, currency: amount.currency })}.`;
    throw catalogError('TRANSFER_LIMIT_EXCEEDED', message, { fields: { amount: message } });
  }
  const sent = await sentLast24h(q, userId, amount.currency, now);
  if (sent + amount.amount > limit.daily) {
    const left = Math.max(0, limit.daily - sent);
    const message = `You can send ${text({ amount: left, currency: amount.currency })} more in the next 24 hours (limit ${text({ amount: limit.daily, currency: amount.currency })}).`;
    throw catalogError('TRANSFER_LIMIT_EXCEEDED', message, { fields: { amount: message } });
  }
};

export const sendTransfer = (ctx: TransfersRequest<typeof transfersSend>): Promise<Transfer> => {
  const { db, clock, user, body, idempotencyKey, idempotency } = ctx;
  return runLedgerTx(db, async (q) => {
    const replay = await idempotency?.claim(q);
    if (replay) return replay;
    const now = clock.now();
    const answer = async (transfer: Transfer) => (idempotency ? idempotency.complete(q, transfer) : transfer);
    // The sender's profile row, locked: this user's transfers go one at a time, so the 24-hour sum below is exact.
    await paymentProfile(q, user.userId, now, true);
    const [earlier] = await q.query<TransferRow>('SELECT * FROM p2p_transfers WHERE sender_id = $1 AND request_key = $2', [user.userId, idempotencyKey]);
    if (earlier) return answer(toTransfer(earlier, user.userId));
    const transfer = await makeTransfer(q, ctx, body, now);
    return answer(toTransfer(transfer, user.userId));
  });
};

/** The transfer itself, in the caller's transaction (its profile row locked): checks, the posting, the rows, the notices. */
const makeTransfer = async (q: Queryable, ctx: TransfersRequest<typeof transfersSend>, body: SendTransferBody, now: Date): Promise<TransferRow> => {
  const { user, idempotencyKey } = ctx;
  // The recipient row FOR SHARE: an account deletion (FOR UPDATE of that row) waits for this transfer, or this waits for
  // it and then finds the account gone.
  const recipient = await recipientByPayCode(q, body.payCode, true);
  if (!recipient) throw catalogError('RECIPIENT_NOT_FOUND', 'Nobody can receive money under this code.');
  if (recipient.id === user.userId) throw catalogError('SELF_TRANSFER', 'This is your own account: you cannot send money to yourself.');
  // Read under the row's share lock: a freeze (an UPDATE of that row) lands before this transfer or after it.
  if (recipient.frozen) throw recipientUnavailable();
  const request = body.requestId ? await lockOpenRequest(q, body.requestId, now) : null;
  if (request && (request.requester_id !== recipient.id || Number(request.amount) !== body.amount.amount || request.currency !== body.amount.currency)) {
    throw catalogError('PAYMENT_REQUEST_MISMATCH', 'The transfer does not match the payment request: reload it and confirm again.');
  }
  await checkLimits(q, ctx, user.userId, body.amount, now);
  const [sender] = await q.query<{ first_name: string; last_name: string }>('SELECT first_name, last_name FROM users WHERE id = $1', [user.userId]);
  const senderName = maskedName(sender?.first_name ?? '', sender?.last_name ?? '');
  const recipientName = maskedName(recipient.first_name, recipient.last_name);
  const id = newTransferId();
  // Paying a request: the request's note names the payment in both histories (unless the payer wrote their own).
  const note = body.note ?? request?.note ?? null;
  const { amount, currency } = body.amount;
  await ensureWalletAccounts(q, recipient.id, now);
  let posted: { transactionId: string };
  try {
    posted = await postTransaction(q, {
      type: 'p2pTransfer',
      userId: user.userId,
      idempotencyKey: `p2p:${user.userId}:${idempotencyKey}`,
      details: { transferId: id, counterpartyName: recipientName, note, requestId: request?.id ?? null },
      entries: [
        { accountId: accountIds.wallet(user.userId, currency), amount: -amount },
        { accountId: accountIds.wallet(recipient.id, currency), amount },
      ],
      display: { direction: 'debit', amount, currency },
      reference: id,
      now,
    });
  } catch (error) {
    // A sender who never held this currency has no account yet: nothing to send from.
    if (error instanceof UnknownLedgerAccountsError) throw insufficientFunds();
    throw error;
  }
  const [row] = await q.query<TransferRow>(
    `INSERT INTO p2p_transfers (id, sender_id, recipient_id, sender_name, recipient_name, amount, currency, note, request_id, transaction_id, request_key, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
    [id, user.userId, recipient.id, senderName, recipientName, amount, currency, note, request?.id ?? null, posted.transactionId, idempotencyKey, now],
  );
  if (request) {
    await markRequestPaid(q, request.id, id, senderName, now);
    await notifyUser(q, recipient.id, { kind: 'requestPaid', ref: request.id, amount: body.amount, by: senderName }, now);
  } else {
    await notifyUser(q, recipient.id, { kind: 'transferReceived', ref: id, amount: body.amount, from: senderName, note }, now);
  }
  return row!;
};
