import { defineTexts } from '@/shared/i18n';

/** A card product's screen (its sections, no product chosen, the holder placeholder): they load with this slice's code. */
export const cardIssueDetailTexts = defineTexts('card-issue-detail', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
