import { defineTexts } from '@/shared/i18n';

/** The sign-out button's words and its confirmation (`signOut.*`): they load with this slice's code. */
export const signOutTexts = defineTexts('sign-out', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
