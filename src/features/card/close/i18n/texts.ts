import { defineTexts } from '@/shared/i18n';

/** The words of closing the card (its balance back to the wallet): they load with this slice's code. */
export const cardCloseTexts = defineTexts('card-close', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
