import { defineTexts } from '@/shared/i18n';

/** Freeze / Unfreeze: they load with this slice's code. */
export const cardFreezeTexts = defineTexts('card-freeze', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
