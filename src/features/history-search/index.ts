export { walletSearch, cardSearch, SEARCH_DEBOUNCE_MS } from './model/search';
export { WalletHistoryFilters, CardHistoryFilters } from './ui/history-filters';
