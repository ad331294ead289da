import { defineTexts } from '@/shared/i18n';

/** The Settings screen's words (language, account, support, the FAQ's questions and answers under `faq`, the about line). */
export const settingsTexts = defineTexts('settings', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
