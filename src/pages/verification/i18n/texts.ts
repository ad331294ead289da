import { defineTexts } from '@/shared/i18n';

/** The verification status screen's words (`verification.*`). */
export const verificationTexts = defineTexts('verification', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
