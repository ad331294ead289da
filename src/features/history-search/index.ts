export { walletSearch } from './model/wallet';
export { cardSearch } from './model/card';
export { WalletHistoryFilters } from './ui/wallet-history-filters';
export { CardHistoryFilters } from './ui/card-history-filters';
