/**
 * The double-entry ledger: the only way money moves (docs/server.md "Wallet & ledger").
 * Every function takes `q`, the handle of the caller's database transaction (`db.tx(async q => …)`),
 * so money movement commits or rolls back together with the caller's own state changes.
 */
export {
  accountIds,
  balanceOf,
  createCardAccount,
  ensureWalletAccounts,
  findAccount,
  getCardAccount,
  getSystemAccount,
  getSystemAccountShard,
  getWalletAccount,
  pickShard,
  systemAccountBalance,
  systemAccountPostedBy,
} from './accounts';
export { checkLedger } from './check';
export {
  findTransactionByKey,
  getTransaction,
  getTransactionEntries,
  insufficientFunds,
  LedgerInvariantError,
  newTransactionId,
  UnknownLedgerAccountsError,
  postClaimedTransaction,
  claimedPosting,
  claimedPostingOutcome,
  postTransaction,
  updateTransactionStatus,
  updateTransactionsStatus,
  type ClaimedPostingResult,
} from './post';
export { isRetryableTxError, runLedgerTx } from './retry';
export {
  isWalletTransactionType,
  SYSTEM_ACCOUNTS,
  WALLET_TRANSACTION_TYPES,
  type AccountKind,
  type InternalTransactionType,
  type LedgerAccount,
  type LedgerCheck,
  type LedgerEntry,
  type LedgerEntryInput,
  type LedgerTransaction,
  type LedgerTransactionStatus,
  type LedgerTransactionType,
  type PostTransactionInput,
  type PostTransactionResult,
  type SystemAccountCode,
  type TransactionDisplay,
} from './types';
