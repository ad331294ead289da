export { walletSearch } from './model/wallet';
export { cardSearch } from './model/card';
export { WalletHistoryFilters } from './ui/wallet-history-filters';
export { CardHistoryFilters } from './ui/card-history-filters';
export { HistoryNothingFound } from './ui/nothing-found';
export { historySearchTexts } from './i18n/texts';
