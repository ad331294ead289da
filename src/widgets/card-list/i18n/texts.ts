import { defineTexts } from '@/shared/i18n';

/** The list of cards (its label, the empty list, a card without a number yet): they load with this slice's code. */
export const cardListTexts = defineTexts('card-list', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
