/**
 * What the cards module does when the issuer reports something (a webhook in a real integration; the
 * sandbox delivers the same events from its jobs). Every event is applied in one database transaction
 * with the card row locked, through the status machine; a repeated or late event changes nothing.
 */
import type { TradeDeclineReason } from '@/shared/contract/errors';
import type { IssuerEvent, IssuerEventResult, IssuerTrade } from '../../adapters/card-issuer';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { httpErrors } from '../../http/errors';
import type { Monitor } from '../../monitor';
import { enqueueJob, type JobLogger } from '../../jobs';
import { runLedgerTx } from '../ledger';
import { notifyCardBlocked, notifyUser } from '../notifications';
import { CARD_JOBS, referralDedupeKey } from './limits';
import { cardBalance, postTrade, refundIssue, refundTopup, settleIssue, settleTopup } from './money';
import type { CardEvent } from './status-machine';
import { recordShipment } from './shipment';
import { changeStatus, findCard, findTopup, newId, type CardRow } from './store';
import { sweepCardToWallet, sweepLateTopup } from './lifecycle-money';

/** Statuses in which a card can still receive a merchant refund. */
const REFUNDABLE = ['active', 'frozen', 'freezing', 'unfreezing'] as const;

/** The referral module's hook: a referred user's card was issued (job kind 'referral.cardIssued', once per user). */
const announceIssued = async (q: Queryable, card: CardRow): Promise<void> => {
  const [user] = await q.query<{ referred_by: string | null }>('SELECT referred_by FROM users WHERE id = $1', [card.user_id]);
  if (!user?.referred_by) return;
  await enqueueJob(q, {
    kind: CARD_JOBS.referralCardIssued,
    payload: { userId: card.user_id, cardId: card.id, referrerId: user.referred_by },
    dedupeKey: referralDedupeKey(card.user_id),
  });
};

/** Issue rejected/failed: final status and an exact refund, in the caller's transaction. */
export const endIssue = async (q: Queryable, card: CardRow, event: 'issueRejected' | 'issueFailed', reason: string, now: Date): Promise<boolean> => {
  const result = await changeStatus(q, card, event, now, { reason });
  if (!result.ok) return false;
  await refundIssue(q, card, reason, now);
  return true;
};

/** A top-up the issuer did not load: failed and refunded, in the caller's transaction. */
export const failTopup = async (q: Queryable, topupId: string, reason: string, now: Date): Promise<boolean> => {
  const unlocked = await findTopup(q, topupId);
  if (!unlocked) return false;
  await findCard(q, unlocked.card_id, true); // lock order everywhere: card, then top-up, then ledger accounts
  const topup = await findTopup(q, topupId, true);
  if (!topup || topup.status !== 'pending') return false;
  await refundTopup(q, topup, reason, now);
  return true;
};

/** Whether an operator froze the card owner's account (users.frozen_at): its purchases are declined. */
const accountFrozen = async (q: Queryable, userId: string): Promise<boolean> =>
  (await q.query('SELECT 1 FROM users WHERE id = $1 AND frozen_at IS NOT NULL', [userId])).length > 0;

/**
 * What merchant refunds may still return to a card: its completed purchases less its completed refunds (the card row is
 * locked by the event's transaction, so two refunds are decided one after the other).
 */
const refundableOn = async (q: Queryable, cardId: string): Promise<number> => {
  const [row] = await q.query<{ refundable: number }>(
    `SELECT (coalesce(sum(amount) FILTER (WHERE kind = 'purchase'), 0) - coalesce(sum(amount) FILTER (WHERE kind = 'refund'), 0))::bigint AS refundable
     FROM card_trades WHERE card_id = $1 AND status = 'completed'`,
    [cardId],
  );
  return Number(row?.refundable ?? 0);
};

export class IssuerEvents {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: JobLogger,
    /** Events that are not what we sent are refused and alerted (outside_input_refused_total{source="card-issuer"}). */
    private readonly monitor?: Monitor,
  ) {}

  handle = (event: IssuerEvent): Promise<IssuerEventResult> =>
    runLedgerTx(this.db, async (q) => {
      const now = this.clock.now();
      const card = await findCard(q, event.cardRef, true);
      if (!card) {
        this.log.warn({ event: event.type, cardId: event.cardRef }, 'issuer event for an unknown card ignored');
        return { handled: false };
      }
      if (event.type === 'trade') return this.trade(q, card, event.trade, now);
      if (event.type === 'card.shipment') return recordShipment(q, card, event, now);
      if (event.type === 'topup.completed' || event.type === 'topup.failed') {
        const topup = await findTopup(q, event.topupRef, true);
        if (!topup || topup.card_id !== card.id) {
          this.log.warn({ event: event.type, cardId: card.id, topupId: event.topupRef }, 'issuer event for an unknown top-up ignored');
          return { handled: false };
        }
        if (topup.status !== 'pending') return { handled: true }; // delivered again
        if (event.type === 'topup.completed' && (event.amount !== topup.amount || event.currency !== topup.currency)) {
          // Not what we asked the issuer to load: refused (the webhook answers 400, nothing moves) and alerted.
          this.monitor?.refused('card-issuer', 'not_what_we_sent', {
            event: event.type,
            cardId: card.id,
            topupId: topup.id,
            sent: { amount: topup.amount, currency: topup.currency },
            reported: { amount: event.amount, currency: event.currency },
          });
          throw httpErrors.validation({ event: 'The loaded amount or currency is not what was asked for.' });
        }
        if (event.type === 'topup.completed') {
          await settleTopup(q, topup, card, now);
          // A top-up accepted before the card was closed or blocked, loaded after: it follows the balance to the wallet.
          if (card.status === 'closed' || card.status === 'blocked') await sweepLateTopup(q, card, topup.id, topup.amount, now);
        } else await refundTopup(q, topup, event.reason, now);
        return { handled: true };
      }
      return this.cardEvent(q, card, event, now);
    });

  private async cardEvent(q: Queryable, card: CardRow, event: Exclude<IssuerEvent, { type: 'trade' | 'topup.completed' | 'topup.failed' | 'card.shipment' }>, now: Date): Promise<IssuerEventResult> {
    const apply = async (machineEvent: CardEvent, extra: Parameters<typeof changeStatus>[4] = {}): Promise<boolean> => {
      const result = await changeStatus(q, card, machineEvent, now, extra);
      if (!result.ok) {
        this.log.warn({ event: event.type, cardId: card.id, status: card.status, reason: result.reason }, 'issuer event does not fit the card status; ignored');
      }
      return result.ok;
    };
    switch (event.type) {
      case 'card.issued':
        if (card.status === 'active') return { handled: true };
        if (await apply('issued', { last4: event.last4 })) {
          await settleIssue(q, card, now);
          await announceIssued(q, card);
          await notifyUser(q, card.user_id, { kind: 'cardReady', ref: card.id, last4: event.last4 }, now);
        }
        return { handled: true };
      case 'card.fabricating':
        if (card.status === 'fabricating') return { handled: true };
        await apply('fabricationStarted', { last4: event.last4 });
        return { handled: true };
      case 'card.shipped':
        if (card.status === 'inactive') return { handled: true };
        // Webhooks may overtake each other: a shipped card was fabricated, even if we have not heard of it yet.
        if (card.status === 'pending' || card.status === 'processing') await apply('fabricationStarted', { last4: event.last4 });
        if (await apply('shipped', { reason: 'AWAITING_ACTIVATION', last4: event.last4 })) {
          await settleIssue(q, card, now);
          await announceIssued(q, card);
          await notifyUser(q, card.user_id, { kind: 'cardReady', ref: card.id, last4: event.last4 }, now);
        }
        return { handled: true };
      case 'card.rejected':
      case 'card.failed': {
        const machineEvent = event.type === 'card.rejected' ? 'issueRejected' : 'issueFailed';
        if (card.status === (event.type === 'card.rejected' ? 'rejected' : 'failed')) return { handled: true };
        if (!(await endIssue(q, card, machineEvent, event.reason, now))) {
          this.log.warn({ event: event.type, cardId: card.id, status: card.status }, 'issuer event does not fit the card status; ignored');
        }
        return { handled: true };
      }
      case 'card.activated':
        if (card.status === 'active') return { handled: true };
        await apply('activated');
        return { handled: true };
      case 'card.activationFailed':
        if (card.status !== 'activating') return { handled: true };
        await apply('activationFailed', { reason: 'ACTIVATION_FAILED', historyReason: event.reason });
        return { handled: true };
      case 'card.frozen':
        if (card.status === 'frozen') return { handled: true };
        await apply('frozen');
        return { handled: true };
      case 'card.freezeFailed':
        if (card.status !== 'freezing') return { handled: true };
        await apply('freezeFailed', { historyReason: event.reason });
        return { handled: true };
      case 'card.unfrozen':
        if (card.status === 'active') return { handled: true };
        await apply('unfrozen');
        return { handled: true };
      case 'card.unfreezeFailed':
        if (card.status !== 'unfreezing') return { handled: true };
        await apply('unfreezeFailed', { historyReason: event.reason });
        return { handled: true };
      // Card lifecycle (docs/cards.md "Card lifecycle"): final, and the balance goes back to the wallet at once.
      case 'card.closed':
        if (card.status === 'closed') return { handled: true };
        if (await apply('closed', { reason: null })) await sweepCardToWallet(q, card, 'close', now);
        return { handled: true };
      case 'card.closeFailed':
        if (card.status !== 'closing') return { handled: true };
        await apply('closeFailed', { reason: 'CLOSE_FAILED', historyReason: event.reason });
        return { handled: true };
      case 'card.blocked':
        if (card.status === 'blocked') return { handled: true };
        if (await apply('blocked', { reason: card.status_reason })) {
          await sweepCardToWallet(q, card, 'block', now);
          await notifyCardBlocked(q, card, now);
        }
        return { handled: true };
      case 'card.blockFailed':
        if (card.status !== 'blocking') return { handled: true };
        await apply('blockFailed', { reason: 'BLOCK_FAILED', historyReason: event.reason });
        return { handled: true };
    }
  }

  /**
   * Authorisation of a merchant trade (the issuer asks, we answer; settled at once in the sandbox).
   * Declined trades are recorded too, without moving money.
   */
  private async trade(q: Queryable, card: CardRow, trade: IssuerTrade, now: Date): Promise<IssuerEventResult> {
    const [existing] = await q.query<{ id: string; status: string; decline_reason: string | null }>(
      'SELECT id, status, decline_reason FROM card_trades WHERE issuer_trade_id = $1',
      [trade.issuerTradeId],
    );
    if (existing) return { handled: true, tradeId: existing.id, approved: existing.status === 'completed', declineReason: existing.decline_reason };

    let declineReason: TradeDeclineReason | null = null; // contract list: every reason has words in the app
    // The issuer declined it on the card's spending limits: recorded as such, never approved here.
    if (trade.kind === 'purchase' && trade.issuerDeclineReason) declineReason = trade.issuerDeclineReason;
    else if (trade.currency !== card.currency) {
      declineReason = 'CURRENCY_MISMATCH';
      this.monitor?.refused('card-issuer', 'trade_currency_mismatch', { cardId: card.id, issuerTradeId: trade.issuerTradeId, currency: trade.currency });
    }
    else if (trade.kind === 'purchase') {
      if (card.status === 'frozen' || card.status === 'freezing' || card.status === 'unfreezing') declineReason = 'CARD_FROZEN';
      // An account an operator froze: no money leaves it, by card either (docs/ops.md "Freezing an account").
      else if (await accountFrozen(q, card.user_id)) declineReason = 'ACCOUNT_FROZEN';
      else if (card.status !== 'active') declineReason = 'CARD_INACTIVE';
      else if ((await cardBalance(q, card.id)) < trade.amount) declineReason = 'INSUFFICIENT_FUNDS';
    } else if (!(REFUNDABLE as readonly string[]).includes(card.status)) declineReason = 'CARD_INACTIVE';
    else if (trade.amount > (await refundableOn(q, card.id))) {
      // A merchant refund returns what was bought on this card: more than that would make money out of the issuer's number.
      declineReason = 'REFUND_OVER_PURCHASES';
      this.monitor?.refused('card-issuer', 'refund_over_purchases', { cardId: card.id, issuerTradeId: trade.issuerTradeId, amount: trade.amount });
    }

    const id = newId('trd');
    await q.query(
      `INSERT INTO card_trades (id, card_id, issuer_trade_id, kind, merchant_name, merchant_mcc, merchant_country, amount, currency,
         original_amount, original_currency, status, decline_reason, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        id,
        card.id,
        trade.issuerTradeId,
        trade.kind,
        trade.merchant.name,
        trade.merchant.mcc,
        trade.merchant.country,
        trade.amount,
        trade.currency,
        trade.originalAmount?.amount ?? null,
        trade.originalAmount?.currency ?? null,
        declineReason ? 'declined' : 'completed',
        declineReason,
        now,
      ],
    );
    if (!declineReason) {
      const ledgerId = await postTrade(q, card, { id, issuerTradeId: trade.issuerTradeId, kind: trade.kind, amount: trade.amount, merchantName: trade.merchant.name }, now);
      await q.query('UPDATE card_trades SET ledger_transaction_id = $2 WHERE id = $1', [id, ledgerId]);
    }
    if (trade.kind === 'purchase') {
      const purchase = { ref: id, amount: { amount: trade.amount, currency: trade.currency }, merchant: trade.merchant.name, last4: card.last4 };
      await notifyUser(q, card.user_id, declineReason ? { kind: 'purchaseDeclined', ...purchase, reason: declineReason } : { kind: 'purchaseApproved', ...purchase }, now);
    }
    return { handled: true, tradeId: id, approved: !declineReason, declineReason };
  }
}
