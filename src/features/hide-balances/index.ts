export { $balancesHidden, balancesVisibilityToggled, HIDE_BALANCES_KEY } from './model/hide-balances';
export { HideBalancesProvider } from './ui/provider';
export { HideBalancesButton } from './ui/eye-button';
