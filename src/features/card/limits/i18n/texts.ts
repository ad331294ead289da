import { defineTexts } from '@/shared/i18n';

/** The words of a card's spending limits (per purchase, monthly, the meter): they load with this slice's code. */
export const cardLimitsTexts = defineTexts('card-limits', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
