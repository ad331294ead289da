/**
 * The settings each module of the list receives (server/modules/index.ts), taken from the one configuration
 * (server/config: every variable is declared once, in its section).
 */
import type { Config } from '../config';
import type { WalletSettings } from './config';
import type { CardsSettings } from './cards';
import type { PromoSettings } from './promo';
import type { AuthSettings } from './auth';
import type { OpsSettings } from './ops';

/** The services buildApp() makes before the modules (the app's own bearer and operator checks use them too). */
export interface ModuleServices {
  /** Access tokens and sessions. */
  tokens: AuthSettings['tokens'];
  /** Operator sessions. */
  operatorSessions: OpsSettings['sessions'];
}

export interface ModuleSettings {
  /** Wallet, SBP, USDT, exchange, and what GET /api/config publishes. */
  wallet: WalletSettings;
  cards: CardsSettings;
  promo: PromoSettings;
  auth: AuthSettings;
  ops: OpsSettings;
}

export const loadModuleSettings = (config: Config, services: ModuleServices): ModuleSettings => ({
  wallet: config.wallet,
  cards: { limits: config.wallet.cards },
  promo: config.promo,
  auth: { tokens: services.tokens },
  ops: { sessions: services.operatorSessions },
});
