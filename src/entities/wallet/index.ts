export {
  walletRequested,
  walletRefetchRequested,
  $walletState,
  $walletError,
  $walletRefreshing,
  $balances,
  $usdtDepositTag,
  $available,
} from './model/wallet';
export { walletFailureReason, failureCodeOf } from './lib/failure-reason';
export { createShortfall } from './model/funds';
export { WalletFunds } from './ui/wallet-funds';
export { MoneyFields } from './ui/money-fields';
export { walletEntityTexts } from './i18n/texts';
