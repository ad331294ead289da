import { defineTexts } from '@/shared/i18n';

/** The card panel's balance lines: they load with this slice's code. */
export const cardPanelTexts = defineTexts('card-panel', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
