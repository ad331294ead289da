export { $balancesHidden, balancesVisibilityToggled, HIDE_BALANCES_KEY } from './model/hide-balances';
export { HideBalancesButton, HideBalancesProvider } from './ui/hide-balances';
