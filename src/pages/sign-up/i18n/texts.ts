import { defineTexts } from '@/shared/i18n';

/** The sign-up screen's words (`signUp.*`) and its list of countries (`countries.*`). */
export const signUpTexts = defineTexts('sign-up', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
