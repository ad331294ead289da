/** Referral programme settings (docs/server.md "Referral program"). */
export interface PromoSettings {
  /**
   * USD cents paid to the referrer when a referred user's first card is issued. The bonus is always in USD
   * (1 USDT = 1 USD), so `totalEarned` is one amount.
   */
  bonusAmount: number;
}

export class PromoSettingsError extends Error {
  override name = 'PromoSettingsError';
}

/** 5.00 USD. */
export const DEFAULT_PROMO_BONUS_CENTS = 500;
export const PROMO_BONUS_CURRENCY = 'USD' as const;

type Env = Record<string, string | undefined>;

/** PROMO_BONUS_AMOUNT: USD in major units with up to 2 decimals ("5", "5.00", "2.50"), 0.01..10 000; default 5.00. */
export const loadPromoSettings = (env: Env): PromoSettings => {
  const raw = env.PROMO_BONUS_AMOUNT?.trim();
  if (!raw) return { bonusAmount: DEFAULT_PROMO_BONUS_CENTS };
  const match = /^(\d{1,5})(?:\.(\d{1,2}))?$/.exec(raw);
  const minor = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : NaN;
  if (!Number.isSafeInteger(minor) || minor <= 0 || minor > 1_000_000) {
    throw new PromoSettingsError(`PROMO_BONUS_AMOUNT must be a USD amount from 0.01 to 10000 (e.g. 5.00), got "${raw}"`);
  }
  return { bonusAmount: minor };
};
