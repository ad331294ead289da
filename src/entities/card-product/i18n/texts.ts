import { defineTexts } from '@/shared/i18n';

/** A card product's fees and limits, as the catalog, the issue form and the top-up sheet show them: they load with this slice's code. */
export const cardProductTexts = defineTexts('card-product', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
