import { defineTexts } from '@/shared/i18n';

/** The details sheet's own words (its title, timeline, sections, the ids only the app shows, copy and receipt actions; the labels a receipt prints too are the shared `transactions` namespace): they load with this slice's code. */
export const transactionDetailsTexts = defineTexts('transaction-details', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
