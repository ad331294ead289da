import { defineTexts } from '@/shared/i18n';

/** The card top-up button's and sheet's words: they load with this slice's code. */
export const cardTopUpTexts = defineTexts('card-topup', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
