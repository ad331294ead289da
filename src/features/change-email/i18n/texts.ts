import { defineTexts } from '@/shared/i18n';

/** The words of "Change email" (the new address, the code mailed to it): they load with this slice's code. */
export const changeEmailTexts = defineTexts('change-email', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
