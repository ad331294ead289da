import { defineTexts } from '@/shared/i18n';

/** The e-mail code step's words (`code.*`) and the auth server errors' (`serverErrors.<CODE>`, lib/auth-message.ts), for the sign-in and sign-up screens. */
export const verifyEmailCodeTexts = defineTexts('verify-email-code', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
