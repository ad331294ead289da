import { defineTexts } from '@/shared/i18n';

/** A referral's row: when the friend joined, their status (Active / Registered): they load with this slice's code. */
export const referralTexts = defineTexts('referral', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
