/** Wallet: balances and history from the ledger, SBP top-ups, USDT deposits (docs/server.md "Wallet & ledger"). */
export { walletModule, type WalletModules } from './module';
export { WalletService } from './service';
export { SbpService, WEBHOOK_PATH } from './sbp';
export { UsdtDepositWatcher, type DepositOutcome, type UnmatchedReason } from './usdt-watcher';
export { amountWithTag, formatUsdtAmount, MICRO_PER_CENT, parseUsdtAmount, tagOfAmount } from './usdt-amount';
