import { defineTexts } from '@/shared/i18n';

/**
 * The SBP top-up's words: the sheet's (amount, limits, "Pay") and a payment's (`payment.*`: its outcome, details, failure
 * reasons), which the payment result pages show too. Only lazy code imports this, never the Wallet's first paint.
 */
export const topUpSbpTexts = defineTexts('topup-sbp', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
