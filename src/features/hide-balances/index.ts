export { HideBalancesProvider } from './ui/provider';
export { HideBalancesButton } from './ui/eye-button';
