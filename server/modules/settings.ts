/**
 * The settings each module of the list receives (server/modules/index.ts), taken from the one configuration
 * (server/config: every variable is declared once, in its section).
 */
import type { Config } from '../config';
import type { WalletSettings } from './config';
import type { CardsSettings } from './cards';
import type { PromoSettings } from './promo';

export interface ModuleSettings {
  /** Wallet, SBP, USDT, exchange, and what GET /api/config publishes. */
  wallet: WalletSettings;
  cards: CardsSettings;
  promo: PromoSettings;
}

export const loadModuleSettings = (config: Config): ModuleSettings => ({
  wallet: config.wallet,
  cards: { limits: config.wallet.cards },
  promo: config.promo,
});
