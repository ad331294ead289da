import { defineModule } from '../module';
import { registerConfigRoutes } from './routes';
import type { WalletSettings } from './settings';

export { registerConfigRoutes } from './routes';
export { loadWalletSettings, SANDBOX_DEPOSIT_ADDRESS, toAppConfig, WalletSettingsError, type WalletSettings } from './settings';

/** GET /api/config: what the client needs to know of the settings (SPEC §6). */
export const configModule = defineModule<WalletSettings>({ name: 'config', register: (app, _deps, settings) => registerConfigRoutes(app, settings) });
