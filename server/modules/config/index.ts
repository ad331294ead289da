export { registerConfigRoutes } from './routes';
export { readSandboxSetting, writeSandboxSetting } from './sandbox-settings';
export { loadWalletSettings, SANDBOX_DEPOSIT_ADDRESS, toAppConfig, WalletSettingsError, type WalletSettings } from './settings';
