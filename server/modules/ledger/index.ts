/**
 * The double-entry ledger: the only way money moves (docs/wallet.md "Wallet & ledger").
 * Every function takes `q`, the handle of the caller's database transaction (`db.tx(async q => …)`),
 * so money movement commits or rolls back together with the caller's own state changes.
 */
export {
  accountIds,
  balanceOf,
  createCardAccount,
  ensureWalletAccounts,
  getCardAccount,
  getSystemAccount,
  getSystemAccountShard,
  getWalletAccount,
  pickShard,
  systemAccountBalance,
  systemAccountPostedBy,
  systemShardsOnce,
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
  postTransactionsWith,
  transactionsStatusStatement,
  updateTransactionStatus,
  updateTransactionsStatus,
} from './post';
export { runLedgerTx } from './retry';
export { WALLET_TRANSACTION_TYPES, type LedgerEntryInput, type LedgerTransaction, type PostTransactionInput } from './types';
