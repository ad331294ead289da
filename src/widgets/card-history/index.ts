export { CardHistoryTabs } from './ui/card-history';
export { tabChanged as historyTabChanged, $tab as $historyTab } from './model/history-tabs';
