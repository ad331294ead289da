import { defineTexts } from '@/shared/i18n';

/** The card screen's title and a card not found: they load with this slice's code. */
export const cardDetailTexts = defineTexts('card-detail', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
