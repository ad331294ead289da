import { defineTexts } from '@/shared/i18n';

/** The USDT top-up sheet's words (address, exact amount, the network's facts): they load with the sheet's code. */
export const topUpUsdtTexts = defineTexts('topup-usdt', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
