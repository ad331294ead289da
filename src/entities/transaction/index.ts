export {
  transactionsRequested,
  transactionsReloadRequested,
  moreTransactionsRequested,
  transactionFiltersApplied,
  type TransactionFilters,
  $transactions,
  $hasMoreTransactions,
  $transactionsState,
  $transactionsError,
  $transactionsRefreshing,
  $loadingMoreTransactions,
  $loadMoreError,
} from './model/transactions';
export { groupTransactionsByDay } from './lib/group-by-day';
export { TransactionRow } from './ui/transaction-row';
export { transactionTitle, failureText } from './lib/describe';
export { transactionTexts } from './i18n/texts';
