export {
  TRANSACTIONS_PAGE_SIZE,
  transactionsQuery,
  transactionsNextPageQuery,
  transactionsRequested,
  transactionsReloadRequested,
  moreTransactionsRequested,
  $transactions,
  $nextCursor,
  $hasMoreTransactions,
  $transactionsState,
  $transactionsError,
  $transactionsRefreshing,
  $loadingMoreTransactions,
  $loadMoreError,
} from './model/transactions';
export { groupTransactionsByDay, type TransactionDay } from './lib/group-by-day';
export { describeTransaction, transactionTitle, signedAmount, type DescribeTools, type TransactionText } from './lib/describe';
export { TransactionRow, type TransactionRowProps } from './ui/transaction-row';
export { TransactionIcon, type TransactionIconProps } from './ui/transaction-icon';
