/** Referral programme settings: declared in the configuration's promo section (server/config/promo.ts), received as `config.promo`. */
import { loadSection, promoSection, type PromoSettings } from '../../config';

export { type PromoSettings } from '../../config';

class PromoSettingsError extends Error {
  override name = 'PromoSettingsError';
}

export const PROMO_BONUS_CURRENCY = 'USD' as const;

type Env = Record<string, string | undefined>;

/** The promo section alone from an environment (tests, tools); the app receives `config.promo` from loadConfig. */
export const loadPromoSettings = (env: Env): PromoSettings => loadSection(promoSection, env, undefined, (message) => new PromoSettingsError(message));
