export { WalletBalance, type WalletBalanceProps } from './ui/wallet-balance';
export { WalletBalanceGate, $estimatedTotal } from './model/wallet-balance';
