/**
 * A transaction's localized texts from its `type` + structured `details` (the server sends no sentences,
 * docs/api.md "Wallet transactions"). Keys live in the `wallet` namespace under `transaction.*`.
 */
import type { Money, UsdtHoldReason, WalletTransaction } from '@/shared/contract';

export interface DescribeTools {
  /** i18next `t` bound to any namespace; keys are passed fully qualified (`wallet:...`). */
  t: (key: string, options?: Record<string, unknown>) => string;
  /** Money in the UI language. */
  money: (money: Money) => string;
  /** An exact decimal as it is (the USDT received), masked while balances are hidden. Default: as it is. */
  exact?: (decimal: string) => string;
  /** Time of day in the UI language ("14:05"). */
  time: (iso: string) => string;
  /** Confirmations a USDT deposit needs (config), to show "7 of 19" while it confirms. */
  requiredConfirmations?: number;
  /**
   * Why a USDT deposit is held, as the note under its row (this entity's own words, i18n/texts.ts: they load only where
   * a held deposit shows, ui/held-row.tsx). Without it a held deposit has no note.
   */
  holdNote?: (reason: UsdtHoldReason) => string;
}

export interface TransactionText {
  title: string;
  /** "14:05 · To card •••• 4242". */
  subtitle: string;
  /** A longer explanation under the row, when the user has something to do (a USDT deposit held for review). */
  note?: string;
}

export function transactionTitle(tx: WalletTransaction, t: DescribeTools['t']): string {
  switch (tx.type) {
    case 'serviceCommission':
      return t(`wallet:transaction.commission.${tx.details.reason}`);
    case 'currencyExchange':
      return t('wallet:transaction.types.currencyExchange', { from: tx.amount.currency, to: tx.details.counterAmount.currency });
    case 'cardTransfer':
      // A credit is money back from a card (docs/api.md "Card lifecycle").
      return t(tx.direction === 'credit' ? 'wallet:transaction.types.cardTransferBack' : 'wallet:transaction.types.cardTransfer');
    case 'p2pTransfer':
      // Both sides say who the other person is; the signed amount says which way the money went.
      return t('wallet:transaction.types.p2pTransfer', { name: tx.details.counterpartyName });
    default:
      return t(`wallet:transaction.types.${tx.type}`);
  }
}

function detail(tx: WalletTransaction, tools: DescribeTools): string | null {
  const { t, money } = tools;
  const exact = tools.exact ?? ((decimal: string) => decimal);
  switch (tx.type) {
    case 'usdtDeposit':
      if (tx.details.hold) return t('wallet:transaction.details.usdtHeld', { usdt: exact(tx.details.usdtAmount) });
      if (tx.status === 'pending') {
        return tools.requiredConfirmations
          ? t('wallet:transaction.details.usdtConfirming', { count: tx.details.confirmations, required: tools.requiredConfirmations })
          : t('wallet:transaction.details.usdtConfirmingShort', { count: tx.details.confirmations });
      }
      // The exact USDT received and the USD credited (rounded down to the cent): docs/api.md "USDT deposit tag".
      return t('wallet:transaction.details.usdtCredited', { usdt: exact(tx.details.usdtAmount), credited: money(tx.amount) });
    case 'cardTransfer':
      // A credit is money back from a card (a withdrawal, or a closed/blocked card's balance: docs/api.md "Card lifecycle").
      if (tx.direction === 'credit') {
        return tx.details.cardLast4
          ? t('wallet:transaction.details.fromCard', { last4: tx.details.cardLast4 })
          : t('wallet:transaction.details.fromYourCard');
      }
      return tx.details.cardLast4
        ? t('wallet:transaction.details.toCard', { last4: tx.details.cardLast4 })
        : t('wallet:transaction.details.toYourCard');
    case 'cardIssue':
      return tx.details.productName;
    case 'serviceCommission':
      return null;
    case 'sbpTopup':
      return t('wallet:transaction.details.sbpOrder', { orderId: tx.details.orderId });
    case 'currencyExchange':
      return t('wallet:transaction.details.exchangeFee', { fee: money(tx.details.fee) });
    case 'promoBonus':
      return t('wallet:transaction.details.promoBonus', { name: tx.details.referralName });
    case 'p2pTransfer':
      return tx.details.note;
    case 'usdtWithdrawal':
      return tx.details.addressLabel ?? tx.details.address;
    case 'sbpWithdrawal':
      return tx.details.bankName;
    case 'manualAdjustment':
      return t(`wallet:transaction.details.adjustment.${tx.details.kind}`);
  }
}

/** Why a transaction failed, in words (errors:reasons.<CODE>); a code without words gets the general sentence, never itself. */
export function failureText(code: string, t: DescribeTools['t']): string {
  return t(`errors:reasons.${code}`, { defaultValue: t('errors:reasons.unknown') });
}

export function describeTransaction(tx: WalletTransaction, tools: DescribeTools): TransactionText {
  const parts = [tools.time(tx.createdAt), detail(tx, tools)].filter((part): part is string => Boolean(part));
  if (tx.status === 'failed' && tx.failureCode) parts.push(failureText(tx.failureCode, tools.t));
  const text: TransactionText = { title: transactionTitle(tx, tools.t), subtitle: parts.join(' · ') };
  // The 64-character hash is the details sheet's (with its copy button), never the row's.
  if (tx.type === 'usdtDeposit' && tx.details.hold && tools.holdNote) text.note = tools.holdNote(tx.details.hold.reason);
  return text;
}

/** The amount with its direction: debits negative (shown "−$10.00"), credits positive ("+$10.00"). */
export function signedAmount(tx: WalletTransaction): Money {
  return { amount: tx.direction === 'debit' ? -tx.amount.amount : tx.amount.amount, currency: tx.amount.currency };
}
