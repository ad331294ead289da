import { defineTexts } from '@/shared/i18n';

/** The card archive's words (`archive.*`): its list, its screen's title and the Cards screen's link to it. */
export const cardListTexts = defineTexts('card-list', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
