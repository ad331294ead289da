export { WalletBalance } from './ui/wallet-balance';
