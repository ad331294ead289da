export { transactionDetailsOpened } from './model/details';
export { TransactionDetailsSheet } from './ui/lazy-transaction-details-sheet';
