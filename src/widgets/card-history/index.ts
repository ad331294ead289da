export { CardHistoryTabs } from './ui/card-history';
export { historyOpened, tabChanged as historyTabChanged, $tab as $historyTab, type HistoryTab } from './model/history-tabs';
