import { defineTexts } from '@/shared/i18n';

/** Showing a card's details (the confirmation, the fields, copying them): they load with this slice's code. */
export const cardRevealTexts = defineTexts('card-reveal', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
