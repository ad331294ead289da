/**
 * What the details sheet shows, from the server's answer (pure, no i18n): the ids with their kind (each gets a copy
 * button), the amount lines and whether the row is a declined SBP attempt or a deposit held for review.
 * The sheet words every label through i18n (keys named after the kinds here: the sheet's own `ids.`/`amounts.`, or the shared `transactions` ones a receipt prints too).
 */
import type { CardTradeDetails, CardTransactionDetails, Money, Trade, WalletTransactionDetails } from '@/shared/contract';

type ForeignMoney = NonNullable<Trade['originalAmount']>;

/** What the sheet shows: wallet row details, card transaction details or a card trade's details (purchases tab). */
export type TransactionDetails =
  | { kind: 'wallet'; data: WalletTransactionDetails }
  | { kind: 'card'; data: CardTransactionDetails }
  | { kind: 'trade'; data: CardTradeDetails };

/** The status its badge shows: a transaction's, or a trade's (`declined`, `reversed` too). */
export type DetailsStatus = 'pending' | 'completed' | 'failed' | Trade['status'];

export function statusOf(details: TransactionDetails): DetailsStatus {
  return details.kind === 'trade' ? details.data.trade.status : details.data.transaction.status;
}

export function createdAtOf(details: TransactionDetails): string {
  return details.kind === 'trade' ? details.data.trade.createdAt : details.data.transaction.createdAt;
}

export type IdKind = 'transaction' | 'order' | 'invoice' | 'payment' | 'txHash' | 'card' | 'transfer' | 'trade' | 'walletTransaction' | 'relatedTransaction';
export interface IdLine {
  kind: IdKind;
  value: string;
}

type AmountKind = 'amount' | 'received' | 'credited' | 'fee' | 'total' | 'walletDebit' | 'originalAmount' | 'usdtAmount';
export interface AmountLine {
  kind: AmountKind;
  /** Money (any ISO currency for a purchase abroad), or an exact decimal with its unit (USDT). */
  value: Money | ForeignMoney | { decimal: string; unit: string };
  /** For fees: which fee (`wallet:transaction.commission.<reason>`). */
  reason?: string;
  total?: boolean;
}

/** The row's marker in the history and the sheet: a declined SBP attempt, a deposit held for review, or nothing. */
export type Marker = 'declined' | 'held' | null;

export function markerOf(details: TransactionDetails): Marker {
  if (details.kind === 'trade') return details.data.trade.status === 'declined' ? 'declined' : null;
  if (details.kind !== 'wallet') return null;
  if (details.data.source === 'declinedSbp') return 'declined';
  if (details.data.source === 'heldDeposit') return 'held';
  return null;
}

/** Every id the sheet offers to copy, in reading order, without duplicates or empty values. */
export function idLinesOf(details: TransactionDetails): IdLine[] {
  const lines: IdLine[] = [];
  const add = (kind: IdKind, value: string | null | undefined) => {
    if (value && !lines.some((line) => line.kind === kind)) lines.push({ kind, value });
  };
  if (details.kind === 'trade') {
    const { trade, transactions } = details.data;
    add('trade', trade.id);
    add('transaction', transactions.find((tx) => tx.type === trade.kind)?.id ?? transactions[0]?.id);
    add('card', trade.cardId);
    return lines;
  }
  if (details.kind === 'card') {
    const { transaction, transferId, trade } = details.data;
    add('transaction', transaction.id);
    add('transfer', transferId);
    add('trade', trade?.id ?? transaction.tradeId);
    add('walletTransaction', transaction.walletTransactionId);
    add('card', transaction.cardId);
    return lines;
  }
  const { transaction: tx, source } = details.data;
  // A held deposit or a declined attempt has no ledger transaction: its id is not a "transaction id" to quote.
  if (source === 'ledger') add('transaction', tx.id);
  switch (tx.type) {
    case 'usdtDeposit':
      add('txHash', tx.details.txHash);
      break;
    case 'sbpTopup':
      add('order', tx.details.orderId);
      add('invoice', tx.details.invoiceId);
      add('payment', tx.details.paymentId);
      break;
    case 'cardTransfer':
      add('transfer', tx.details.transferId);
      add('card', tx.details.cardId);
      break;
    case 'cardIssue':
      add('card', tx.details.cardId);
      break;
    case 'serviceCommission':
      add('relatedTransaction', tx.details.relatedTransactionId);
      add('card', tx.details.cardId);
      break;
    case 'usdtWithdrawal':
      add('txHash', tx.details.txHash);
      break;
    case 'p2pTransfer':
      add('transfer', tx.details.transferId);
      break;
    default:
      break;
  }
  return lines;
}

const signed = (money: Money, direction: 'credit' | 'debit'): Money => ({ ...money, amount: direction === 'debit' ? -money.amount : money.amount });

/** The headline amount, signed by direction ("−$10.00", "+₽1,500.00"). */
export function headlineOf(details: TransactionDetails): Money {
  if (details.kind === 'trade') {
    const { trade } = details.data;
    return signed(trade.amount, trade.kind === 'refund' ? 'credit' : 'debit');
  }
  const tx = details.data.transaction;
  return signed(tx.amount, tx.direction);
}

/** The blockchain explorer's page of a USDT withdrawal's transaction, once it has one (null otherwise). */
export function explorerUrlOf(details: TransactionDetails): string | null {
  if (details.kind !== 'wallet') return null;
  const tx = details.data.transaction;
  return tx.type === 'usdtWithdrawal' ? tx.details.explorerUrl : null;
}

/** Amount lines under the headline: what was received, fees, totals, exact USDT. */
export function amountLinesOf(details: TransactionDetails): AmountLine[] {
  if (details.kind === 'trade') {
    const { originalAmount } = details.data.trade;
    return originalAmount ? [{ kind: 'originalAmount', value: originalAmount }] : [];
  }
  if (details.kind === 'card') {
    const { fee, walletDebit, trade } = details.data;
    const lines: AmountLine[] = [];
    if (trade?.originalAmount) lines.push({ kind: 'originalAmount', value: trade.originalAmount });
    if (fee && fee.amount > 0) lines.push({ kind: 'fee', value: fee });
    if (walletDebit) lines.push({ kind: 'walletDebit', value: walletDebit, total: true });
    return lines;
  }
  const { transaction: tx, fees, total } = details.data;
  const lines: AmountLine[] = [];
  if (tx.type === 'currencyExchange') lines.push({ kind: 'received', value: tx.details.counterAmount });
  if (tx.type === 'usdtDeposit' || tx.type === 'usdtWithdrawal') lines.push({ kind: 'usdtAmount', value: { decimal: tx.details.usdtAmount, unit: 'USDT' } });
  for (const fee of fees) lines.push({ kind: 'fee', value: fee.amount, reason: fee.reason });
  if (total && fees.some((fee) => fee.transactionId !== null)) lines.push({ kind: 'total', value: total, total: true });
  return lines;
}

/** The failure reason's code (worded by `errors:reasons.<CODE>`), when the transaction failed. */
export function failureCodeOf(details: TransactionDetails): string | null {
  if (details.kind !== 'wallet') return details.data.failureCode;
  const tx = details.data.transaction;
  return tx.status === 'failed' ? (tx.failureCode ?? details.data.sbpPayment?.errorCode ?? null) : null;
}
