import { defineTexts } from '@/shared/i18n';

/** The exchange sheet's words (amounts, the rate and its countdown, the review): they load with the sheet's code. */
export const exchangeTexts = defineTexts('exchange-currency', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
