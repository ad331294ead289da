import type { StatementFrom } from '../../db/db';
import type { Currency } from '@/shared/contract';

export type { Currency };

export type AccountKind = 'wallet' | 'card' | 'system';
export type LedgerTransactionStatus = 'pending' | 'completed' | 'failed';

// Transaction types are money rules shared with the app: the kernel owns them (src/shared/money/transactions.ts).
export { WALLET_TRANSACTION_TYPES, isWalletTransactionType } from '@/shared/money';
import type { LedgerTransactionType } from '@/shared/money';

/**
 * System account codes. `allowNegative` system accounts stand for the outside world (money that came in
 * through a rail is a negative clearing balance; the FX pool is the house position per currency).
 */
export const SYSTEM_ACCOUNTS = {
  /** The house side of exchanges: receives the sold currency, pays out the bought one. */
  fx_pool: { allowNegative: true },
  /** Fees we earned (exchange fee, card fees). Only ever credited. */
  fee_revenue: { allowNegative: false },
  /** USDT received on-chain (TRC20) and credited to wallets. */
  usdt_clearing: { allowNegative: true },
  /** RUB received through SBP and credited to wallets. */
  sbp_clearing: { allowNegative: true },
  /** Card network settlement (purchases/refunds). */
  card_network: { allowNegative: true },
  /** Referral bonuses paid out. */
  promo_expense: { allowNegative: true },
  /** Money passed to the card issuer to fund cards. */
  card_issuer_funding: { allowNegative: true },
  /**
   * Withdrawals in flight (issue #36): a withdrawal's amount sits here from the request until the network or the payout
   * provider settles it (then it leaves through usdt_clearing / sbp_clearing) or it fails (back to the wallet).
   */
  withdrawal_clearing: { allowNegative: false },
  /** Goodwill credits operators give (docs/ops.md "Manual adjustments"): the company's expense, only ever goes down. */
  goodwill_expense: { allowNegative: true },
  /** Corrections operators post either way (a mistake put right): the company's side of each. */
  ops_adjustments: { allowNegative: true },
} as const satisfies Record<string, { allowNegative: boolean }>;

export type SystemAccountCode = keyof typeof SYSTEM_ACCOUNTS;

export interface LedgerAccount {
  id: string;
  kind: AccountKind;
  userId: string | null;
  code: string | null;
  cardId: string | null;
  currency: Currency;
  allowNegative: boolean;
}

export interface LedgerEntryInput {
  accountId: string;
  /** Signed minor units: positive credits the account, negative debits it. Never 0. */
  amount: number;
}

/** What the wallet list shows for a transaction; derived from the user's wallet entries unless given. */
interface TransactionDisplay {
  direction: 'credit' | 'debit';
  /** Positive minor units. */
  amount: number;
  currency: Currency;
  /** Exchanges: the currency of the other leg (the `currency` filter matches either). */
  counterCurrency?: Currency | null;
}

export interface PostTransactionInput {
  type: LedgerTransactionType;
  /** Whose transaction it is (shown in that user's wallet list when the type is a wallet type). */
  userId: string | null;
  /** Unique across the ledger. Derive it from the request's Idempotency-Key, e.g. `exchange:${userId}:${key}`. */
  idempotencyKey: string;
  /** Default 'completed'. 'pending' = money already moved but the outcome is awaited (shown as held). */
  status?: LedgerTransactionStatus;
  /** Structured details the client localizes (docs/api.md "Wallet transactions"). */
  details?: Record<string, unknown>;
  entries: LedgerEntryInput[];
  /** External reference for support (tx hash, order id). */
  reference?: string | null;
  failureCode?: string | null;
  display?: TransactionDisplay;
  /** Transaction time (default now). Services pass their clock's time. */
  now?: Date;
  /** The new transaction's id when the caller needs it before posting (e.g. an answer stored first); default a new one. */
  transactionId?: string;
  /**
   * One more write sent in the posting's own statement (a data-modifying WITH clause), e.g. the Idempotency-Key's
   * stored answer: it happens whatever the posting answers, so the caller's transaction must roll back on a refusal
   * (postTransaction throws then).
   */
  alongside?: StatementFrom;
}

export interface PostTransactionResult {
  transactionId: string;
  /** True when a transaction with this idempotency key already existed: nothing was moved now. */
  replayed: boolean;
}

export interface LedgerTransaction {
  id: string;
  type: string;
  userId: string | null;
  idempotencyKey: string;
  status: LedgerTransactionStatus;
  details: Record<string, unknown>;
  direction: 'credit' | 'debit' | null;
  amount: number | null;
  currency: Currency | null;
  counterCurrency: Currency | null;
  reference: string | null;
  failureCode: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface LedgerEntry {
  id: number;
  transactionId: string;
  accountId: string;
  amount: number;
  currency: Currency;
}

export interface LedgerCheck {
  /** Transactions whose entries do not sum to zero in some currency. */
  unbalancedTransactions: Array<{ transactionId: string; currency: string; sum: number }>;
  /** Accounts below zero that must never be. */
  negativeAccounts: Array<{ accountId: string; balance: number }>;
  /** Accounts whose stored balance differs from the sum of their entries. */
  mismatchedBalances: Array<{ accountId: string; balance: number; entriesSum: number }>;
  /** True when all three lists are empty. */
  ok: boolean;
}
