import { defineTexts } from '@/shared/i18n';

/** The sign-in screen's words (`signIn.*`). */
export const signInTexts = defineTexts('sign-in', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
