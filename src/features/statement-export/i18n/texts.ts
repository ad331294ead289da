import { defineTexts } from '@/shared/i18n';

/** The statement export's words (the period, currency and format, what happened). */
export const statementExportTexts = defineTexts('statement-export', {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
});
