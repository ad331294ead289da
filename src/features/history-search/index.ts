export { walletSearch, cardSearch } from './model/search';
export { WalletHistoryFilters, CardHistoryFilters } from './ui/history-filters';
