export { registerConfigRoutes } from './routes';
export { loadWalletSettings, SANDBOX_DEPOSIT_ADDRESS, toAppConfig, WalletSettingsError, type WalletSettings } from './settings';
