/**
 * Transaction details (issue #14 "History"): one wallet transaction, one card transaction and one card trade
 * (purchase or refund, declined ones too) by id, with what the
 * details sheet shows — amounts and fees, the status timeline, every id, and the related objects (card, SBP payment,
 * trade). Owner only: anyone else's id answers 404 like an unknown one. Field design: docs/api.md "Transaction details".
 */
import * as z from 'zod/mini';
import { Card, CardTransaction, Trade } from './cards';
import { defineEndpoint, Id, Money, Timestamp } from './core';
import { CommissionReason, SbpPayment, WalletTransaction } from './wallet';

/** accepted → processing → done | failed. */
export const TimelineStage = z.enum(['accepted', 'processing', 'done', 'failed']);
export type TimelineStage = z.infer<typeof TimelineStage>;

export const TimelineStep = z.object({
  stage: TimelineStage,
  /** `complete`: passed; `current`: where the transaction is now; `upcoming`: not reached yet. */
  state: z.enum(['complete', 'current', 'upcoming']),
  /** When the step was reached, when known; null otherwise (and always for upcoming steps). */
  at: z.nullable(Timestamp),
});
export type TimelineStep = z.infer<typeof TimelineStep>;

/**
 * Always three steps: accepted, processing, then `done` or `failed` (a failed transaction's last step is `failed`,
 * its reason is the transaction's code: `failureCode` / `declineReason`, worded by the client).
 */
export const Timeline = z.array(TimelineStep);

/** Where a wallet history row comes from: a ledger transaction, or a record that never moved money. */
export const WalletHistorySource = z.enum([
  'ledger',
  /** An SBP payment the bank or acquirer declined (`sbp_payments`, status failed): no money moved. */
  'declinedSbp',
  /** A USDT transfer held for review (`unmatched_deposits`): nothing credited until support resolves it. */
  'heldDeposit',
]);
export type WalletHistorySource = z.infer<typeof WalletHistorySource>;

export const TransactionFee = z.object({
  reason: CommissionReason,
  amount: Money,
  /** The serviceCommission transaction that charged it; null when the fee is part of `amount` (exchanges). */
  transactionId: z.nullable(Id),
});
export type TransactionFee = z.infer<typeof TransactionFee>;

export const WalletTransactionDetails = z.object({
  transaction: WalletTransaction,
  source: WalletHistorySource,
  timeline: Timeline,
  /** Fees charged for this transaction (a card top-up's commission, an exchange's fee). */
  fees: z.array(TransactionFee),
  /** Debits only: what left the wallet in all (amount + fees charged separately); null for credits. */
  total: z.nullable(Money),
  /** The card it concerns (card transfer, card issue, a card's commission), null otherwise. */
  card: z.nullable(Card),
  /** The SBP payment behind an sbpTopup (credited or declined), null otherwise. */
  sbpPayment: z.nullable(SbpPayment),
});
export type WalletTransactionDetails = z.infer<typeof WalletTransactionDetails>;

export const CardTransactionDetails = z.object({
  transaction: CardTransaction,
  timeline: Timeline,
  /** Why it failed (a code the client words), else null. */
  failureCode: z.nullable(z.string()),
  /** The fee charged on top (top-up: the deposit fee; issue: creation + issuing + deposit fee), else null. */
  fee: z.nullable(Money),
  /** What the wallet paid for it (top-up and issue), else null. */
  walletDebit: z.nullable(Money),
  /** The top-up's transfer id (`transfer.id` of cards.topUp), else null. */
  transferId: z.nullable(Id),
  card: Card,
  /** The merchant trade behind a purchase/refund/reversal, else null. */
  trade: z.nullable(Trade),
});
export type CardTransactionDetails = z.infer<typeof CardTransactionDetails>;

/**
 * One merchant trade of a card (approved, declined, refunded...): declined purchases exist only as trades, so the
 * purchases tab opens these. The timeline: completed and reversed end `done`, declined ends `failed`.
 */
export const CardTradeDetails = z.object({
  trade: Trade,
  timeline: Timeline,
  /** Why it was declined (the trade's `declineReason`, a code the client words), else null. */
  failureCode: z.nullable(z.string()),
  card: Card,
  /** The card balance movements it made (the purchase or refund, a reversal), oldest first; none when declined. */
  transactions: z.array(CardTransaction),
});
export type CardTradeDetails = z.infer<typeof CardTradeDetails>;

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────────────

export const walletTransactionGet = defineEndpoint({
  id: 'wallet.transactionGet',
  method: 'GET',
  path: '/api/wallet/transactions/{transactionId}',
  auth: 'bearer',
  tag: 'wallet',
  summary: 'One wallet history row with its details (timeline, fees, ids, card, SBP payment). Not in SPEC §7.',
  params: z.object({ transactionId: Id }),
  response: WalletTransactionDetails,
});

export const cardsTransactionGet = defineEndpoint({
  id: 'cards.transactionGet',
  method: 'GET',
  path: '/api/cards/{id}/transactions/{transactionId}',
  auth: 'bearer',
  tag: 'cards',
  summary: 'One card transaction with its details (timeline, fee, ids, card, trade). Not in SPEC §7.',
  params: z.object({ id: Id, transactionId: Id }),
  response: CardTransactionDetails,
});

export const cardsTradeGet = defineEndpoint({
  id: 'cards.tradeGet',
  method: 'GET',
  path: '/api/cards/{id}/trades/{tradeId}',
  auth: 'bearer',
  tag: 'cards',
  summary: 'One card trade (purchase or refund, declined too) with its details (timeline, reason, card, card transactions). Not in SPEC §7.',
  params: z.object({ id: Id, tradeId: Id }),
  response: CardTradeDetails,
});

/** index.ts composes this group into `endpoints`. */
export const detailsEndpoints = {
  'wallet.transactionGet': walletTransactionGet,
  'cards.transactionGet': cardsTransactionGet,
  'cards.tradeGet': cardsTradeGet,
} as const;
