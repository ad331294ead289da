import { defineTexts } from '@/shared/i18n';

/** The words of the Terms of Service and the Privacy Policy (`<doc>.<section>.title|text`). */
export const legalTexts = defineTexts('legal', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
