import { defineTexts } from '@/shared/i18n';

/** The words of "Delete account" (what blocks it, the confirmation): they load with this slice's code. */
export const deleteAccountTexts = defineTexts('delete-account', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
