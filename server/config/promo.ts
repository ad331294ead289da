/** Referral programme settings (docs/notifications.md "Referral program"). */
import { defineSection } from './section';
import { Invalid, parseMajorAmount, variable } from './vars';

export interface PromoSettings {
  /**
   * USD cents paid to the referrer when a referred user's first card is issued. The bonus is always in USD
   * (1 USDT = 1 USD), so `totalEarned` is one amount.
   */
  bonusAmount: number;
}

/** 5.00 USD. */
const DEFAULT_PROMO_BONUS_CENTS = 500;

export const promoSection = defineSection(
  {
    PROMO_BONUS_AMOUNT: variable(
      {
        default: '`5.00`',
        doc: 'USD paid per referral, major units with up to 2 decimals, 0.01–10000; read at start. Changing it changes future bonuses only (`totalEarned` sums what was paid).',
      },
      (raw) => {
        if (raw === undefined) return DEFAULT_PROMO_BONUS_CENTS;
        const minor = /^\d{1,5}(?:\.\d{1,2})?$/.test(raw) ? parseMajorAmount(raw, 10_000) : undefined;
        if (minor === undefined) throw new Invalid(`must be a USD amount from 0.01 to 10000 (e.g. 5.00), got "${raw}"`);
        return minor;
      },
    ),
  },
  (values): PromoSettings => ({ bonusAmount: values.PROMO_BONUS_AMOUNT }),
);
