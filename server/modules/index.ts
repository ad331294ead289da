/**
 * THE list of server modules (docs/server.md "Modules"): each is a Fastify plugin, mounted with its settings section.
 * A new module is one line here. The order carries no meaning: no module reads another's decorators.
 */
import type { FastifyInstance } from 'fastify';
import { accountModule } from './account';
import { appLockModule } from './app-lock';
import { authModule } from './auth';
import { cardsModule } from './cards';
import { clientErrorsModule } from './client-errors';
import { configModule } from './config';
import { exchangeModule } from './exchange';
import { healthModule } from './health';
import { kycModule } from './kyc';
import { mount, type ModuleDeps, type MountedModule } from './module';
import { notificationsModule } from './notifications';
import { opsModule } from './ops';
import { productsModule } from './products';
import { promoModule } from './promo';
import type { ModuleSettings } from './settings';
import { statementsModule } from './statements';
import { transactionDetailsModule } from './transaction-details';
import { transfersModule } from './transfers';
import { withdrawalsModule } from './withdrawals';
import { usersModule } from './users';
import { walletModule } from './wallet';

export { loadModuleSettings, type ModuleSettings } from './settings';
export type { Adapters, ModuleDeps, MountedModule } from './module';

export const serverModules = (settings: ModuleSettings): MountedModule[] => [
  mount(healthModule),
  mount(authModule, settings.auth),
  mount(usersModule),
  mount(accountModule),
  mount(configModule, settings.wallet),
  mount(walletModule, settings.wallet),
  mount(exchangeModule, settings.wallet),
  mount(productsModule),
  mount(cardsModule, settings.cards),
  mount(promoModule, settings.promo),
  mount(notificationsModule),
  mount(statementsModule),
  mount(transactionDetailsModule),
  mount(appLockModule),
  mount(transfersModule),
  mount(withdrawalsModule),
  mount(opsModule, settings.ops),
  mount(kycModule),
  mount(clientErrorsModule),
];

/** Registers every module of the list on the app. */
export const registerModules = async (
  app: FastifyInstance,
  deps: ModuleDeps,
  settings: ModuleSettings,
  list: (settings: ModuleSettings) => MountedModule[] = serverModules,
): Promise<void> => {
  for (const module of list(settings)) await app.register(module.plugin(deps));
};
