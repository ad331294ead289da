import { defineTexts } from '@/shared/i18n';

/** The activity centre's words (its title, the empty list, "Show more", a failed load): they load with this slice's code. */
export const activityPageTexts = defineTexts('activity-page', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
