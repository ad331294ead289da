export {
  walletQuery,
  walletRequested,
  walletRefetchRequested,
  $wallet,
  $walletState,
  $walletError,
  $walletRefreshing,
  $balances,
  $usdtDepositTag,
  $available,
} from './model/wallet';
export { walletFailureReason, failureCodeOf, WALLET_FAILURE_CODES, type WalletFailureCode } from './lib/failure-reason';
export { createShortfall } from './model/funds';
export { WalletFunds, type WalletFundsProps } from './ui/wallet-funds';
