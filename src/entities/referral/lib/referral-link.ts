import { miniAppLink, type AppConfig } from '@/shared/contract';

/**
 * Start parameter prefix of referral links (docs/api.md "Promo"): `startapp=ref_<CODE>`. The prefix tells a
 * referral apart from other start parameters (e.g. `sbp_<paymentId>` payment returns); the sign-up form
 * accepts it (and a bare code) and pre-fills the promo code.
 */
const REFERRAL_START_PREFIX = 'ref_';

/** The start parameter that carries a promo code. */
export const referralStartParam = (code: string): string => `${REFERRAL_START_PREFIX}${code}`;

/**
 * The Telegram link that opens the Mini App with the promo code as start parameter:
 * `https://t.me/<bot>/<app>?startapp=ref_<CODE>`, or `https://t.me/<bot>?startapp=ref_<CODE>` when the Mini
 * App has no short name (the bot's main Mini App). Null when the bot is not configured.
 */
export function buildReferralLink(code: string, app: AppConfig['app'] | null | undefined): string | null {
  return code ? miniAppLink(app, referralStartParam(code)) : null;
}
