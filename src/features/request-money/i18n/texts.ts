import { defineTexts } from '@/shared/i18n';

/** The "Request money" sheet's words (a request to a user, the payment link and its QR): they load with the sheet's code. */
export const requestMoneyTexts = defineTexts('request-money', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
