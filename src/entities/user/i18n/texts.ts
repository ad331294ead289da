import { defineTexts } from '@/shared/i18n';

/**
 * A user's words: the fields of their details and why a value is refused (`fields.*`, `validation.*`: sign-up, sign-in,
 * the profile form) and the verification banner (`banner.*`). Only lazy code imports this (the banner, the screens
 * with those forms), never the Wallet's first paint (`npm run size`).
 */
export const userTexts = defineTexts('user', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
