import { defineTexts } from '@/shared/i18n';

/** The words of ordering a replacement card: they load with this slice's code. */
export const cardReplaceTexts = defineTexts('card-replace', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
