export { WalletPage } from './ui/wallet-page';
