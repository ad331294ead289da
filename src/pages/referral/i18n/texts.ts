import { defineTexts } from '@/shared/i18n';

/** The referral program screen's words (the offer, the results, how it works, the list): they load with this slice's code. */
export const referralPageTexts = defineTexts('referral-page', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
