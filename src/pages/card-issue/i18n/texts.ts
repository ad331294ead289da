import { defineTexts } from '@/shared/i18n';

/** The card catalog screen's words (its lead, the filters, the empty catalog): they load with this slice's code. */
export const cardIssuePageTexts = defineTexts('card-issue-page', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
