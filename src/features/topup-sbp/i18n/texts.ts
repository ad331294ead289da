import { defineTexts } from '@/shared/i18n';

/** The SBP top-up sheet's words (amount, limits, "Pay"): they load with the sheet's code. */
export const topUpSbpTexts = defineTexts('topup-sbp', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
