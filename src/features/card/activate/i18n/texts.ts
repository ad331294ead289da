import { defineTexts } from '@/shared/i18n';

/** The card activation button's and sheet's words (the envelope's code, the scanner, wrong codes): they load with this slice's code. */
export const cardActivateTexts = defineTexts('card-activate', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
