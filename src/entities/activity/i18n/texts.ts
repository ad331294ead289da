import { defineTexts } from '@/shared/i18n';

/** An activity entry's own words (the "New" mark; its sentence is the shared `notifications` namespace, which the bot says too): they load with this slice's code. */
export const activityTexts = defineTexts('activity', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
