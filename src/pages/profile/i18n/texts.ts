import { defineTexts } from '@/shared/i18n';

/** The Profile screen's words (details, verification status, editing the name and phone). */
export const profileTexts = defineTexts('profile', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
