import { defineTexts } from '@/shared/i18n';

/** The "Copy code" button's words: they load with this slice's code. */
export const copyPromoCodeTexts = defineTexts('copy-promo-code', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
