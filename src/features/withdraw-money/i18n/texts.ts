import { defineTexts } from '@/shared/i18n';

/** The "Withdraw" sheet's words (USDT to an address, SBP to a bank, the email code): they load with the sheet's code. */
export const withdrawMoneyTexts = defineTexts('withdraw-money', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
