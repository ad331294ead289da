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
export { createForcedRefetch } from './lib/forced-refetch';
export {
  parseAmountInput,
  amountToInputText,
  CURRENCY_DIGITS,
  type AmountInputError,
  type AmountInputResult,
} from './lib/amount-input';
export { walletFailureReason, failureCodeOf, WALLET_FAILURE_CODES, type WalletFailureCode } from './lib/failure-reason';
export { shortfallOf } from './lib/shortfall';
export { WalletFunds, type WalletFundsProps } from './ui/wallet-funds';
