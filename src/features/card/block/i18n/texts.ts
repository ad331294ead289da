import { defineTexts } from '@/shared/i18n';

/** The words of blocking the card (the reason, the way back to freezing): they load with this slice's code. */
export const cardBlockTexts = defineTexts('card-block', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
