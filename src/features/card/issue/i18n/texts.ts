import { defineTexts } from '@/shared/i18n';

/** The card issue form's words (the initial deposit, the confirmation, the verification notices): they load with this slice's code. */
export const cardIssueTexts = defineTexts('card-issue', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
