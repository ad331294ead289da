import { defineTexts } from '@/shared/i18n';

/** The lists of cards: the current ones (label, empty list, a card without a number yet) and the archive (`archive.*`, its
 * screen's title and the Cards screen's link to it). They load with this slice's code. */
export const cardListTexts = defineTexts('card-list', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
