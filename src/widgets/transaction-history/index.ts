export { TransactionHistory } from './ui/transaction-history';
