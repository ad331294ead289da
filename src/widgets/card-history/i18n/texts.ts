import { defineTexts } from '@/shared/i18n';

/** The card history's tabs, empty lists and "Load more": they load with this slice's code. */
export const cardHistoryTexts = defineTexts('card-history', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
