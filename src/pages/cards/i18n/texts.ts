import { defineTexts } from '@/shared/i18n';

/** The Cards screen's title and its "Issue a new card": they load with this slice's code. */
export const cardsPageTexts = defineTexts('cards-page', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
