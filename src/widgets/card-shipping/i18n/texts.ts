import { defineTexts } from '@/shared/i18n';

/** The words of a physical card's shipping tracker (stages, carrier, tracking): they load with this slice's code. */
export const cardShippingTexts = defineTexts('card-shipping', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
