/** GET /api/config: what the client needs to know of the settings (SPEC §6: limits, fees, deposit address, support contacts). */
import { configGet } from '@/shared/contract';
import { routesWith } from '../../http/route';
import { defineModule } from '../module';
import { toAppConfig, type WalletSettings } from './settings';

export { loadWalletSettings, toAppConfig, WalletSettingsError, type WalletSettings } from './settings';

export const configModule = defineModule<WalletSettings>({
  name: 'config',
  register: (app, _deps, settings) => {
    // The answer is the same for everyone: built once.
    const appConfig = toAppConfig(settings);
    routesWith(app, {})(configGet, () => appConfig);
  },
});
