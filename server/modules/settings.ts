/**
 * The settings of every module, read once at start and handed to each module by the list (server/modules/index.ts).
 * Until Config carries these sections itself (issue 12, "one typed configuration"), they come from the same
 * environment as before, with the same rules and errors.
 */
import { sandboxAtRestKey } from '../adapters/card-issuer';
import type { Config } from '../config';
import { loadWalletSettings, type WalletSettings } from './config';
import { sandboxDelay, type CardsSettings } from './cards/settings';
import { loadPromoSettings, type PromoSettings } from './promo/settings';

export interface ModuleSettings {
  /** Wallet, SBP, USDT, exchange, and what GET /api/config publishes. */
  wallet: WalletSettings;
  cards: CardsSettings;
  promo: PromoSettings;
}

type Env = Record<string, string | undefined>;

export const loadModuleSettings = (config: Config, env: Env): ModuleSettings => {
  const wallet = loadWalletSettings(env, { sandbox: config.sandbox, jwtSecret: config.jwtSecret, production: config.nodeEnv === 'production' });
  const cards: CardsSettings = {
    limits: wallet.cards,
    sandboxIssuer: config.sandbox
      ? {
          atRestKey: sandboxAtRestKey(env.CARD_ISSUER_SANDBOX_KEY?.trim() || undefined, config.jwtSecret),
          defaultDelayMs: sandboxDelay(env.CARD_ISSUER_SANDBOX_DELAY_MS),
        }
      : null,
  };
  return { wallet, cards, promo: loadPromoSettings(env) };
};
