export { transactionDetailsOpened, transactionDetailsClosed, type DetailsTarget } from './model/details';
export { TransactionDetailsSheet } from './ui/lazy-transaction-details-sheet';
