import { defineTexts } from '@/shared/i18n';

/** The startup error screen's words: they load with the screen, which only a refused launch brings. */
export const startupErrorTexts = defineTexts('startup-error', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
