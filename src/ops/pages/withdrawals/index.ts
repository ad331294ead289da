export { WithdrawalsPage } from './ui/withdrawals-page';
