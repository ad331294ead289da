import { defineTexts } from '@/shared/i18n';

/** The "Send money" sheet's words (recipient, amount, confirmation, paying a request): they load with the sheet's code. */
export const sendMoneyTexts = defineTexts('send-money', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
