export { TransactionHistory } from './ui/transaction-history';
export { TransactionHistoryGate, $transactionDays } from './model/transaction-history';
